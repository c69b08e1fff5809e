#!/usr/bin/env bash
# The offline store at field scale (issue #41; release build of Benchmarks/FieldScaleBenchmark), all in one process
# so that machine load affects each side alike: RECORDS (1,000,000 unless given) rows of a 30-column Dataverse-like
# table served page by page (PAGE_SIZE, 5,000 as Dataverse pages) from memory, each page made on request, downloaded
# into a store file beside the floor (the same rows, already decoded, inserted by one prepared SQLite statement a
# page per transaction); memory after pages 10 and 200 and at its peak; the store file against the JSON; a sorted
# first page of 50 and a filtered count with the store's indexes and without; a delta of 10,000 changes and 1,000
# removals; and the key diff of a whole read after the delta link expired. SCRATCH names a build folder of its own
# (.build unless given).
# Usage: scripts/field-scale-benchmark.sh [RECORDS [PAGE_SIZE]]
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=(--scratch-path "${SCRATCH:-.build}")
swift build -c release "${scratch[@]}" --product FieldScaleBenchmark >/dev/null
"$(swift build -c release "${scratch[@]}" --show-bin-path)/FieldScaleBenchmark" \
  --records "${1:-1000000}" --page-size "${2:-5000}"

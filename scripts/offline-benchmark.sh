#!/usr/bin/env bash
# The offline store's benchmark (release build of Benchmarks/OfflineBenchmark), all in one process so that machine
# load affects each side alike: the download of RECORDS (10,000 unless given) rows of the decode benchmark's
# 50-column Dataverse-like entity from recorded pages of PAGE_SIZE (1,000) into a store file, beside the floor (the
# same rows, already decoded, inserted by one prepared SQLite statement in one transaction); a local filtered, ordered
# query's first page of 50; a live query's new results after a write; and, in a process of its own, the peak memory
# growth during a download against the size of one page, after a one-record download has brought in the code and
# threads any download uses (twice: with large buffers mapped directly, as Apple's allocator does, and with glibc's
# defaults). RUNS (5) runs after a warm-up.
# Usage: scripts/offline-benchmark.sh [RECORDS [PAGE_SIZE]]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product OfflineBenchmark >/dev/null
bench="$(swift build -c release --show-bin-path)/OfflineBenchmark"
"$bench" --records "${1:-10000}" --page-size "${2:-1000}" --runs "${RUNS:-5}"
# Apple's allocator, and glibc told to (MALLOC_MMAP_THRESHOLD_), map a multi-megabyte buffer such as a page's body
# directly and give it back when freed: the first figure is the download's own peak. glibc by default keeps a freed
# one at the top of the heap of the thread that allocated it, and pages are fetched on more than one thread.
echo -n "with large buffers mapped directly (MALLOC_MMAP_THRESHOLD_=1048576): "
MALLOC_MMAP_THRESHOLD_=1048576 "$bench" --records "${1:-10000}" --page-size "${2:-1000}" --memory-only | tail -n 1
echo -n "with glibc's defaults: "
"$bench" --records "${1:-10000}" --page-size "${2:-1000}" --memory-only | tail -n 1

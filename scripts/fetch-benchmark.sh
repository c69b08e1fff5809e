#!/usr/bin/env bash
# Fetch benchmark: `mobilesdkgen fetch --all-entities` of a Dataverse-shaped organization served on 127.0.0.1
# (Tests/Servers/entity_definitions.py: the sample's 4 entities, each served COPIES more times, every answer
# delayed by LATENCY_MS as a network's round trip would), at concurrency 1 (the baseline) and at the values given;
# prints entities, requests, wall time and the second fetch's time for each: revalidating every response with its
# ETag (a service without RetrieveMetadataChanges, no-metadata-changes=1) and asking what changed since the first
# fetch's version stamp (RetrieveMetadataChanges), side by side.
# Usage: scripts/fetch-benchmark.sh [CONCURRENCY…]   (default: 4 8)
# Environment: COPIES (default 49, so 200 entities), LATENCY_MS (default 50).
set -euo pipefail
cd "$(dirname "$0")/.."
copies=${COPIES:-49}
latency=${LATENCY_MS:-50}
levels=(1 "${@:-4}")
[[ $# -eq 0 ]] && levels=(1 4 8)
python=.build-servers/venv/bin/python
[[ -x "$python" ]] || { echo "run scripts/test-servers.sh start once first: it installs the servers' packages" >&2; exit 1; }
swift build -c release --product mobilesdkgen >/dev/null 2>&1
tool="$(swift build -c release --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen"
work=$(mktemp -d)
"$python" -u -B Tests/Servers/odata_v4_server.py --port 0 --metadata SampleMetadata/Dataverse.WebApi.xml --metadata-etag \
    --entity-definitions SampleMetadata/Dataverse.EntityDefinitions.json --copies "$copies" --latency-ms "$latency" \
    --request-log "$work/requests.log" --ready-file "$work/url" >"$work/server.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
for _ in $(seq 100); do [[ -s "$work/url" ]] && break; sleep 0.1; done
root=$(cat "$work/url")

milliseconds() { local start end; start=$(date +%s%N); "$@" >/dev/null; end=$(date +%s%N); echo $(( (end - start) / 1000000 )); }

printf '%-12s %9s %9s %11s %14s %14s\n' concurrency entities requests "fetch ms" "revalidate ms" "changes ms"
for level in "${levels[@]}"; do
    : > "$work/requests.log"
    rm -rf "$work/etags" "$work/stamp"
    fetch=("$tool" fetch "$root" --name Org --all-entities --concurrency "$level")
    fetch_ms=$(milliseconds "${fetch[@]}" -o "$work/etags" --query no-metadata-changes=1)
    requests=$(grep -c EntityDefinitions "$work/requests.log")
    entities=$(grep -c "LogicalName='[a-z_0-9]*')?" "$work/requests.log")
    revalidate_ms=$(milliseconds "${fetch[@]}" -o "$work/etags" --query no-metadata-changes=1)
    "${fetch[@]}" -o "$work/stamp" >/dev/null
    changes_ms=$(milliseconds "${fetch[@]}" -o "$work/stamp")
    printf '%-12s %9s %9s %11s %14s %14s\n' "$level" "$entities" "$requests" "$fetch_ms" "$revalidate_ms" "$changes_ms"
done
echo "(${latency} ms per answer; revalidating, every request answers 304 without a body; with a version stamp,"
echo " one RetrieveMetadataChanges request and \$metadata's revalidation)"

#!/usr/bin/env bash
# Reader benchmark: wall time (median of N runs of the whole process) and peak memory of
# `ReaderBenchmark` (release build) beside `xmllint --stream --noout` on the same files.
# Usage: scripts/benchmark-reader.sh [FILE…]   (default: the three largest documents of ../shared/corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}

command -v xmllint >/dev/null || { echo "xmllint is missing: apt-get install libxml2-utils" >&2; exit 1; }
swift build -c release --product ReaderBenchmark >/dev/null
bench=$(swift build -c release --show-bin-path)/ReaderBenchmark

if [ $# -eq 0 ]; then
  mapfile -t files < <(ls -S ../shared/corpus/*.xml | head -3)
else
  files=("$@")
fi

median_ms() {  # runs "$@" $runs times, prints the median wall time in milliseconds
  local times=()
  for _ in $(seq "$runs"); do
    local start end
    start=$(date +%s%N); "$@" >/dev/null 2>&1 || true; end=$(date +%s%N)
    times+=($(( (end - start) / 1000000 )))
  done
  printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p"
}

peak_mib() {  # peak resident memory of one run, in MiB
  /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%.1f", $1 / 1024 }'
}

printf '%-48s %8s %12s %8s %12s %7s\n' file "size MB" "reader ms" "xmllint" "reader MiB" xmllint
for file in "${files[@]}"; do
  size=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1048576 }')
  ours=$(median_ms "$bench" "$file")
  theirs=$(median_ms xmllint --stream --noout "$file")
  printf '%-48s %8s %12s %8s %12s %7s\n' "$(basename "$file")" "$size" "$ours" "$theirs" "$(peak_mib "$bench" "$file")" "$(peak_mib xmllint --stream --noout "$file")"
done

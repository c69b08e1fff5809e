#!/usr/bin/env bash
# Reader and generator benchmark: wall time (median of N runs of the whole process) and peak
# memory of `ReaderBenchmark` and of `mobilesdkgen generate` (release builds) beside
# `xmllint --stream --noout` on the same files.
# Usage: scripts/benchmark.sh [FILE…]   (default: the three largest documents of ../shared/corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-7}

command -v xmllint >/dev/null || { echo "xmllint is missing: apt-get install libxml2-utils" >&2; exit 1; }
swift build -c release --product ReaderBenchmark >/dev/null 2>&1
swift build -c release --product mobilesdkgen >/dev/null 2>&1
bin=$(swift build -c release --show-bin-path 2>/dev/null | tail -1)
bench=$bin/ReaderBenchmark
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT

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

printf '%-46s %7s %9s %11s %9s %10s %12s %8s\n' file "size MB" "read ms" "generate ms" "xmllint" "read MiB" "generate MiB" xmllint
for file in "${files[@]}"; do
  size=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1048576 }')
  read_ms=$(median_ms "$bench" "$file")
  generate_ms=$(median_ms "$bin/mobilesdkgen" generate "$file" -o "$output/$(basename "$file")")
  theirs=$(median_ms xmllint --stream --noout "$file")
  printf '%-46s %7s %9s %11s %9s %10s %12s %8s\n' "$(basename "$file")" "$size" "$read_ms" "$generate_ms" "$theirs" \
    "$(peak_mib "$bench" "$file")" "$(peak_mib "$bin/mobilesdkgen" generate "$file" -o "$output/peak")" "$(peak_mib xmllint --stream --noout "$file")"
done

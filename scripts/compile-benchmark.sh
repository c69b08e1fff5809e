#!/usr/bin/env bash
# Compile-time benchmark of generated code: generates Swift from each document and compiles it against
# the MobileSdk runtime (debug, as scripts/check-corpus.sh does), RUNS times, reporting the median wall
# time, CPU time, peak memory and line count. With --baseline REF the generator and runtime of that
# commit (built in a worktree) are measured too, the two sides compiled alternately so that both see
# the same machine load.
# Usage: scripts/compile-benchmark.sh [--baseline REF] [FILE…]
#        (default: the Microsoft Graph v1.0 and Dataverse Web API documents of ../shared/corpus)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-3}
work=.build-compile
baseline=""
if [ "${1:-}" = "--baseline" ]; then baseline=$2; shift 2; fi
if [ $# -eq 0 ]; then
  set -- ../shared/corpus/MSGraph__v1.0_metadata.xml ../shared/corpus/SimpleODataClient__DynamicsCRM_WebAPI.xml
fi

prepare() {  # prepare SIDE CHECKOUT: builds the generator and runtime of CHECKOUT, generates every document
  local side=$1 checkout=$2 bin document
  (cd "$checkout" && swift build --product mobilesdkgen >/dev/null 2>&1 && swift build --target MobileSdk >/dev/null 2>&1) ||
    { echo "building the generator and runtime in $checkout failed" >&2; exit 1; }
  bin=$(cd "$checkout" && swift build --show-bin-path 2>/dev/null | tail -1)
  for document in "${documents[@]}"; do
    rm -rf "$work/$side/$(basename "$document" .xml)"
    "$bin/mobilesdkgen" generate "$document" -o "$work/$side/$(basename "$document" .xml)" >/dev/null 2>&1 ||
      { echo "$side: generating $document failed" >&2; exit 1; }
  done
  echo "$bin/Modules" >"$work/$side.modules"
}

compile() {  # compile SIDE NAME: prints "wall cpu peakKB" of one compilation, nothing when it fails
  local dir=$work/$1/$2 modules
  modules=$(cat "$work/$1.modules")
  if ! (cd "$dir" && /usr/bin/time -f "%e %U %S %M" -o ../../$1.time swiftc -swift-version 6 -parse-as-library -emit-library \
     -j "$(nproc)" -I "$modules" -module-name Generated -o "../../$1.so" ./*.swift >"../../$1.log" 2>&1); then
    echo "$1: compiling $2 failed, see $work/$1.log" >&2
    return
  fi
  awk '{ printf "%s %.1f %s\n", $1, $2 + $3, $4 }' "$work/$1.time"
}

median() { sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }

documents=()
for document in "$@"; do documents+=("$(realpath "$document")"); done
mkdir -p "$work"
sides=(current)
prepare current .
if [ -n "$baseline" ]; then
  # The worktree (and its build) is kept between runs while it is at the same commit.
  if [ "$(git -C "$work/baseline-checkout" rev-parse HEAD 2>/dev/null)" != "$(git rev-parse "$baseline^{commit}")" ]; then
    git worktree remove --force "$work/baseline-checkout" 2>/dev/null || true
    git worktree add --detach "$work/baseline-checkout" "$baseline" >/dev/null 2>&1
  fi
  prepare baseline "$work/baseline-checkout"
  sides=(baseline current)
fi

printf '%-40s %-9s %8s %10s %10s %9s\n' document side lines "wall s" "cpu s" "peak MB"
for document in "${documents[@]}"; do
  name=$(basename "$document" .xml)
  declare -A walls=() cpus=() peaks=()
  for _ in $(seq "$runs"); do
    for side in "${sides[@]}"; do
      read -r wall cpu peak < <(compile "$side" "$name") || exit 1
      walls[$side]+="$wall "; cpus[$side]+="$cpu "; peaks[$side]+="$peak "
    done
  done
  for side in "${sides[@]}"; do
    printf '%-40s %-9s %8s %10s %10s %9s   (walls: %s)\n' "$name" "$side" "$(cat "$work/$side/$name"/*.swift | wc -l)" \
      "$(tr ' ' '\n' <<<"${walls[$side]}" | grep . | median)" "$(tr ' ' '\n' <<<"${cpus[$side]}" | grep . | median)" \
      "$(tr ' ' '\n' <<<"${peaks[$side]}" | grep . | median | awk '{ printf "%.0f", $1 / 1024 }')" "${walls[$side]% }"
  done
  unset walls cpus peaks
done

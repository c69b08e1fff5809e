#!/usr/bin/env bash
# Compile-time benchmark of generated code, built the way a user builds it: the Swift generated from
# each document is the one library target `Model` of a small consumer package (Swift 6 language mode)
# that depends on the checkout by path for the MobileSdk runtime. Each consumer is built once to warm up
# (that builds MobileSdk); then RUNS times (3 unless set) the generated files are touched and
# `swift build --target Model` is timed (debug; release with --release), so that only the generated code
# is recompiled. Reported per document: line count, median wall time and peak memory (of the largest
# process), the wall time of every run and the size of Model's object files. With --baseline REF the
# generator and runtime of that commit (a worktree, kept while it is at the same commit) are measured
# too, the two sides built alternately in each run so that both see the same machine load, and the
# ratios current/baseline are printed.
# The generated files are laid out as the build plugin lays them out (`generate --shards auto`; a generator without
# that option always wrote its 65 files), or with --type-files as the command line writes them, a file per type.
# Usage: scripts/compile-benchmark.sh [--baseline REF] [--release] [--type-files] [FILE…]
#        (default: the Microsoft Graph v1.0 and Dataverse Web API documents of ../shared/corpus)
# Output: .build-compile/<side>/<document>/ (the consumer package, generate.log, build.log)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
runs=${RUNS:-3}
work=.build-compile
baseline=""
config=()          # extra arguments of every consumer build: none (debug) or -c release
layout=plugin      # plugin (numbered shards, as the build plugin writes them) or files (a file per type)
fail() { echo "compile-benchmark: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
  case $1 in
    --baseline) [ $# -ge 2 ] || fail "--baseline needs a commit"; baseline=$2; shift 2 ;;
    --release) config=(-c release); shift ;;
    --type-files) layout=files; shift ;;
    -h|--help) sed -n '2,/^# Output/s/^# \{0,1\}//p' "$0"; exit 0 ;;
    --) shift; break ;;
    -*) fail "unknown option $1 (usage: scripts/compile-benchmark.sh [--baseline REF] [--release] [--type-files] [FILE…])" ;;
    *) break ;;
  esac
done
[[ $runs =~ ^[1-9][0-9]*$ ]] || fail "RUNS must be a positive whole number, not '$runs'"
if [ $# -eq 0 ]; then
  set -- "$root/../shared/corpus/MSGraph__v1.0_metadata.xml" "$root/../shared/corpus/SimpleODataClient__DynamicsCRM_WebAPI.xml"
fi
documents=() names=()
for document in "$@"; do   # the files given are relative to the working directory
  [ -f "$document" ] || fail "no such file: $document"
  documents+=("$(realpath "$document")")
  names+=("$(basename "$document" .xml)")
done
[ "$(printf '%s\n' "${names[@]}" | sort | uniq -d)" = "" ] || fail "two documents have the same file name"
cd "$root"
if [ -n "$baseline" ]; then
  commit=$(git rev-parse --verify --quiet "$baseline^{commit}") || fail "--baseline $baseline is not a commit"
fi

declare -A lines=() objects=() walls=() peaks=()   # keyed by SIDE/DOCUMENT

build() {  # build SIDE DOCUMENT [timed]: builds the Model target of that consumer; sets wall (s) and peak (KB)
  local package=$work/$1/$2
  /usr/bin/time -f "%e %M" -o "$package/time" swift build --package-path "$package" --target Model "${config[@]}" \
    >"$package/build.log" 2>&1 || fail "$1: building the code generated from $2 failed, see $package/build.log"
  read -r wall peak <"$package/time"
  # A timed build must recompile Model alone: anything else means the runtime changed during the benchmark.
  if [ "${3:-}" = timed ] && grep -E '(Compiling|Emitting module) ' "$package/build.log" | grep -qvE '(Compiling|Emitting module) Model\b'; then
    fail "$1: the timed build of $2 recompiled more than Model (did the runtime change meanwhile?), see $package/build.log"
  fi
}

consumer() {  # consumer SIDE INDEX CHECKOUT GENERATOR: writes the consumer package of documents[INDEX],
             # generates its code with GENERATOR and builds it once
  local side=$1 name=${names[$2]} document=${documents[$2]} checkout=$3 generator=$4 package
  package=$work/$side/$name
  mkdir -p "$package"
  # A path dependency's identity is its folder name, lowercased.
  cat >"$package/Package.swift.new" <<EOF
// swift-tools-version: 6.2
// Written by scripts/compile-benchmark.sh: the code generated from $name, built against $checkout.
import PackageDescription

let package = Package(
    name: "CompileBenchmark",
    dependencies: [.package(path: "$checkout")],
    targets: [
        .target(name: "Model", dependencies: [.product(name: "MobileSdk", package: "$(basename "$checkout" | tr '[:upper:]' '[:lower:]')")]),
    ],
    swiftLanguageModes: [.v6]
)
EOF
  # Rewritten only when it changes, so that SwiftPM keeps its cached manifest.
  if cmp -s "$package/Package.swift.new" "$package/Package.swift"; then rm "$package/Package.swift.new"
  else mv "$package/Package.swift.new" "$package/Package.swift"; fi
  rm -rf "$package/Sources/Model"
  local arguments=()
  if [ "$layout" = plugin ] && "$generator" generate --help 2>/dev/null | grep -q -- '--shards'; then
    arguments=(--shards auto)
  fi
  "$generator" generate "$document" "${arguments[@]}" -o "$package/Sources/Model" >"$package/generate.log" 2>&1 ||
    fail "$side: generating $name failed, see $package/generate.log"
  lines[$side/$name]=$(find "$package/Sources/Model" -name '*.swift' -exec cat {} + | wc -l)
  objects[$side/$name]=$(swift build --package-path "$package" --show-bin-path "${config[@]}" 2>/dev/null | tail -1)/Model.build
  rm -f "${objects[$side/$name]}"/*.o   # none left over from files an earlier generator wrote
  build "$side" "$name"   # the warm-up: builds MobileSdk (when it changed) and the whole target once
  [ -d "${objects[$side/$name]}" ] || fail "$side: no object folder ${objects[$side/$name]} after building $name"
}

prepare() {  # prepare SIDE CHECKOUT: builds the generator of CHECKOUT and the consumer package of every document
  local side=$1 checkout generator i
  checkout=$(realpath "$2")
  mkdir -p "$work/$side"
  (cd "$checkout" && swift build --product mobilesdkgen) >"$work/$side/generator.log" 2>&1 ||
    fail "$side: building mobilesdkgen in $checkout failed, see $work/$side/generator.log"
  generator=$(cd "$checkout" && swift build --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen
  for i in "${!documents[@]}"; do
    consumer "$side" "$i" "$checkout" "$generator"
  done
}

median() { tr ' ' '\n' | grep . | sort -n | sed -n "$(( (runs + 1) / 2 ))p"; }

scripts/bootstrap.sh
mkdir -p "$work"
sides=(current)
prepare current .
if [ -n "$baseline" ]; then
  # The worktree (and its builds) is kept between runs while it is at the same commit. Its path is
  # given whole: git takes a relative one as a suffix that may name another checkout's worktree.
  checkout=$root/$work/baseline-checkout
  if [ ! -f "$checkout/.git" ] || [ "$(git -C "$checkout" rev-parse HEAD 2>/dev/null)" != "$commit" ]; then
    if [ -e "$checkout" ]; then git worktree remove --force "$checkout" 2>/dev/null || rm -rf "$checkout"; fi
    git worktree add --force --detach "$checkout" "$commit" >"$work/worktree.log" 2>&1 ||
      fail "checking out $baseline in $work/baseline-checkout failed, see $work/worktree.log"
  fi
  prepare baseline "$checkout"
  sides=(baseline current)
fi

printf '%-40s %-9s %8s %8s %8s %12s\n' document side lines "wall s" "peak MB" "object bytes"
for name in "${names[@]}"; do
  for run in $(seq "$runs"); do
    order=("${sides[@]}")
    if [ $((run % 2)) -eq 0 ] && [ ${#sides[@]} -eq 2 ]; then order=("${sides[1]}" "${sides[0]}"); fi
    for side in "${order[@]}"; do
      find "$work/$side/$name/Sources/Model" -name '*.swift' -exec touch {} +
      build "$side" "$name" timed
      walls[$side/$name]+="$wall "; peaks[$side/$name]+="$peak "
    done
  done
  declare -A medianWall=() medianPeak=()
  for side in "${sides[@]}"; do
    medianWall[$side]=$(median <<<"${walls[$side/$name]}")
    medianPeak[$side]=$(median <<<"${peaks[$side/$name]}")
    printf '%-40s %-9s %8s %8s %8.0f %12s   (walls: %s)\n' "$name" "$side" "${lines[$side/$name]}" "${medianWall[$side]}" \
      "$(awk -v kb="${medianPeak[$side]}" 'BEGIN { print kb / 1024 }')" \
      "$(find "${objects[$side/$name]}" -name '*.o' -printf '%s\n' | awk '{ sum += $1 } END { print sum + 0 }')" \
      "${walls[$side/$name]% }"
  done
  if [ -n "$baseline" ]; then
    awk -v name="$name" -v cw="${medianWall[current]}" -v bw="${medianWall[baseline]}" \
        -v cp="${medianPeak[current]}" -v bp="${medianPeak[baseline]}" \
      'BEGIN { printf "%-40s %-9s %8s %8.2f %8.2f\n", name, "cur/base", "", (bw > 0 ? cw / bw : 0), cp / bp }'
  fi
  unset medianWall medianPeak
done

#!/usr/bin/env bash
# Whole-organization benchmark (issue #41): a synthetic Dataverse organization of TABLES tables (800 unless set;
# scripts/write-organization.py, seeded with SEED, in the sample's shapes) is
#  1. written as $metadata (Web API CSDL) and entity definitions;
#  2. served by the Dataverse test server (Tests/Servers/entity_definitions.py) with every answer delayed LATENCY_MS
#     (50), and fetched with `mobilesdkgen fetch --all-entities` at the default concurrency (4): wall time beside
#     the latency bound, requests × LATENCY_MS / concurrency (the requests counted in the server's log);
#  3. generated from what was fetched (release tool, /usr/bin/time: wall and peak memory), in the command line's
#     layout and the build plugin's; the largest generated file of each is printed;
#  4. built through the build plugin as target OrgModel of a consumer package (debug, as users build): a clean
#     build (the plugin's output and the target's objects removed), seconds per 1,000 generated lines beside MS Graph
#     v1.0's built the same way in the same run (target GraphModel; the corpus document is linked, never copied, and
#     skipped with a message when absent), a no-op rebuild (`swift build -v`: must run no plugin command and compile
#     nothing) and a rebuild after one table gained a column (refetched from a server of the changed organization).
# Usage: scripts/organization-benchmark.sh [--skip-build-steps | --build-steps-only]
#        (the first stops after step 3, the second runs step 4 alone on what an earlier run fetched)
# Environment: TABLES (800), SEED (41), LATENCY_MS (50), CHANGE_TABLE (the table changed in step 4: account),
#              SCRATCH (the checkout's scratch path for the release tool, default .build), PYTHON (the servers'
#              Python, default .build-servers/venv/bin/python: run scripts/test-servers.sh start once),
#              GRAPH (MS Graph v1.0's $metadata, default ../shared/corpus/MSGraph__v1.0_metadata.xml).
# Output: .build-organization/ (organization, fetched, generated, consumer package and logs).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
tables=${TABLES:-800} seed=${SEED:-41} latency=${LATENCY_MS:-50} change=${CHANGE_TABLE:-account}
scratch=${SCRATCH:-.build}
python=${PYTHON:-.build-servers/venv/bin/python}
graph=${GRAPH:-$root/../shared/corpus/MSGraph__v1.0_metadata.xml}
work=$root/.build-organization
build_steps=yes first_steps=yes
fail() { echo "organization-benchmark: $*" >&2; exit 1; }
case ${1:-} in
  --skip-build-steps) build_steps=no ;;
  --build-steps-only) first_steps=no ;;
  -h|--help) sed -n '2,/^# Output/s/^# \{0,1\}//p' "$0"; exit 0 ;;
  "") ;;
  *) fail "unknown option $1 (usage: scripts/organization-benchmark.sh [--skip-build-steps | --build-steps-only])" ;;
esac
[[ -x "$python" ]] ||
  fail "no Python at $python: run scripts/test-servers.sh start once first (it installs the servers' packages)"
if [[ $first_steps = yes ]]; then
  rm -rf "$work/organization" "$work/changed" "$work/fetched" "$work/generated" "$work/sharded" "$work/server"
  echo "== 1. the organization"
  python3 scripts/write-organization.py --tables "$tables" --seed "$seed" "$work/organization"
  python3 scripts/write-organization.py --tables "$tables" --seed "$seed" --change "$change" "$work/changed" >/dev/null
  ls -l "$work/organization" | awk 'NR > 1 { printf "  %s: %d bytes\n", $9, $5 }'
else
  [[ -f "$work/fetched/Org.entitydefinitions.json" && -f "$work/changed/Org.EntityDefinitions.json" ]] ||
    fail "--build-steps-only needs what an earlier run fetched in $work"
fi
mkdir -p "$work/server"

swift build -c release --scratch-path "$scratch" --product mobilesdkgen >"$work/tool.log" 2>&1 ||
  fail "building mobilesdkgen failed, see $work/tool.log"
tool="$(swift build -c release --scratch-path "$scratch" --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen"

largest() { find "$1" -name '*.swift' -exec wc -l {} + | grep -v ' total$' | sort -n | tail -1 |
  awk '{ printf "%s lines (%s)", $1, $2 }'; }
servers=()
trap 'for s in "${servers[@]}"; do kill "$s" 2>/dev/null || true; done' EXIT
serve() {  # serve NAME ORGANIZATION LATENCY: starts a server; sets url
  local folder=$work/server/$1
  mkdir -p "$folder"
  rm -f "$folder/url"   # an earlier run's, which names a port no longer served
  "$python" -u -B Tests/Servers/odata_v4_server.py --port 0 --metadata "$2/Org.WebApi.xml" --metadata-etag \
      --entity-definitions "$2/Org.EntityDefinitions.json" --latency-ms "$3" \
      --request-log "$folder/requests.log" --ready-file "$folder/url" >"$folder/server.log" 2>&1 &
  servers+=($!)
  for _ in $(seq 1200); do [[ -s "$folder/url" ]] && break; sleep 0.1; done
  [[ -s "$folder/url" ]] || fail "the server of $2 did not start, see $folder/server.log"
  url=$(cat "$folder/url")
}

if [[ $first_steps = yes ]]; then
echo "== 2. fetch ($latency ms per answer, default concurrency)"
serve original "$work/organization" "$latency"
start=$(date +%s%N)
"$tool" fetch "$url" --name Org --all-entities -o "$work/fetched" >"$work/fetch.log" 2>&1 ||
  fail "fetch failed, see $work/fetch.log"
fetch_ms=$(( ($(date +%s%N) - start) / 1000000 ))
concurrency=$("$tool" fetch --help | sed -n 's/.*--concurrency <concurrency>.*(default: \([0-9]*\)).*/\1/p' | head -1)
[[ -n "$concurrency" ]] || concurrency=$("$tool" fetch --help | tr '\n' ' ' |
  sed -n 's/.*--concurrency <concurrency>[^(]*(default: \([0-9]*\)).*/\1/p')
requests=$(grep -c EntityDefinitions "$work/server/original/requests.log")
entities=$(grep -c "LogicalName='[a-z_0-9]*')?" "$work/server/original/requests.log")
bound_ms=$(( requests * latency / concurrency ))
printf '  %s entities, %s requests at concurrency %s: %s ms; bound %s × %s ms / %s = %s ms; ratio %s (goal 1.2)\n' \
  "$entities" "$requests" "$concurrency" "$fetch_ms" "$requests" "$latency" "$concurrency" "$bound_ms" \
  "$(awk -v a="$fetch_ms" -v b="$bound_ms" 'BEGIN { printf "%.2f", a / b }')"
ls -l "$work/fetched" | awk 'NR > 1 { printf "  fetched %s: %d bytes\n", $9, $5 }'

echo "== 3. generate (release; goal ≤ 3 s, ≤ 500 MB, no file over 20,000 lines)"
for layout in files plugin; do
  out=$work/generated; arguments=()
  if [[ $layout = plugin ]]; then out=$work/sharded; arguments=(--shards auto); fi
  /usr/bin/time -f "%e %M" -o "$work/generate-$layout.time" "$tool" generate "$work/fetched" "${arguments[@]}" \
    -o "$out" >"$work/generate-$layout.log" 2>&1 || fail "generate failed, see $work/generate-$layout.log"
  read -r wall peak <"$work/generate-$layout.time"
  printf '  %-6s layout: %s s, %.0f MB peak, %s files, %s lines; largest %s\n' "$layout" "$wall" \
    "$(awk -v kb="$peak" 'BEGIN { print kb / 1024 }')" "$(find "$out" -name '*.swift' | wc -l)" \
    "$(find "$out" -name '*.swift' -exec cat {} + | wc -l)" "$(largest "$out")"
done
fi
[[ $build_steps = yes ]] || exit 0

echo "== 4. build through the plugin (debug)"
consumer=$work/consumer
mkdir -p "$consumer/Sources/OrgModel" "$consumer/Sources/GraphModel" "$consumer/Sources/Warm"
targets='.target(name: "Warm", dependencies: deps, plugins: plugins)'
targets+=', .target(name: "OrgModel", dependencies: deps, plugins: plugins)'
have_graph=no
if [[ -f "$graph" ]]; then
  have_graph=yes
  targets+=', .target(name: "GraphModel", dependencies: deps, plugins: plugins)'
  ln -sf "$(realpath "$graph")" "$consumer/Sources/GraphModel/MSGraph.metadata.xml"
  echo "public enum GraphModelMarker {}" >"$consumer/Sources/GraphModel/Marker.swift"
else
  echo "  MS Graph v1.0 is absent ($graph): its comparison is skipped"
  rm -rf "$consumer/Sources/GraphModel"
fi
identity=$(basename "$root" | tr '[:upper:]' '[:lower:]')
cat >"$consumer/Package.swift.new" <<EOF
// swift-tools-version: 6.2
// Written by scripts/organization-benchmark.sh: models built through the build plugin of $root.
import PackageDescription

let deps: [Target.Dependency] = [.product(name: "MobileSdk", package: "$identity")]
let plugins: [Target.PluginUsage] = [.plugin(name: "MobileSdkGenPlugin", package: "$identity")]
let package = Package(
    name: "OrganizationBenchmark",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "$root")],
    targets: [$targets],
    swiftLanguageModes: [.v6]
)
EOF
if cmp -s "$consumer/Package.swift.new" "$consumer/Package.swift"; then rm "$consumer/Package.swift.new"
else mv "$consumer/Package.swift.new" "$consumer/Package.swift"; fi
ln -sf "$root/SampleMetadata/TripPin.xml" "$consumer/Sources/Warm/TripPin.metadata.xml"
echo "public enum WarmMarker {}" >"$consumer/Sources/Warm/Marker.swift"
echo "public enum OrgModelMarker {}" >"$consumer/Sources/OrgModel/Marker.swift"
cp "$work/fetched/Org.metadata.xml" "$work/fetched/Org.entitydefinitions.json" "$consumer/Sources/OrgModel/"

build() {  # build TARGET LOG [-v]: sets wall and peak
  /usr/bin/time -f "%e %M" -o "$work/$2.time" swift build --package-path "$consumer" --target "$1" ${3:-} \
    >"$work/$2.log" 2>&1 || fail "building $1 failed, see $work/$2.log"
  read -r wall peak <"$work/$2.time"
}
bin=$(swift build --package-path "$consumer" --show-bin-path 2>/dev/null | tail -1)
outputs=$consumer/.build/plugins/outputs/$(basename "$consumer" | tr '[:upper:]' '[:lower:]')
build Warm warm   # the runtime, the generator (debug, as the plugin's tool) and TripPin
echo "  warm-up (runtime, generator and TripPin): $wall s"
clean() {  # clean TARGET: the plugin's output and what the compiler made of it (SwiftPM's own files of the target stay)
  rm -rf "$outputs/$1"
  if [[ -d "$bin/$1.build" ]]; then
    find "$bin/$1.build" -type f \( -name '*.o' -o -name '*.swiftdeps' -o -name '*.d' -o -name '*.priors' \
      -o -name '*.dia' \) -delete
  fi
  rm -rf "$bin/Modules/$1.swiftmodule" "$bin/$1.swiftmodule"
}
lines_of() { find "$outputs/$1" -name '*.swift' -exec cat {} + | wc -l; }   # under destination/MobileSdkGenPlugin
declare -A per_line=()
for target in OrgModel GraphModel; do
  [[ $target = GraphModel && $have_graph = no ]] && continue
  clean "$target"
  build "$target" "clean-$target"
  lines=$(lines_of "$target")
  per_line[$target]=$(awk -v w="$wall" -v l="$lines" 'BEGIN { printf "%.3f", w * 1000 / l }')
  printf '  %-10s clean build: %s s, %.0f MB peak, %s lines in %s files: %s s per 1,000 lines; largest %s\n' \
    "$target" "$wall" "$(awk -v kb="$peak" 'BEGIN { print kb / 1024 }')" "$lines" \
    "$(find "$outputs/$target" -name '*.swift' | wc -l)" "${per_line[$target]}" "$(largest "$outputs/$target")"
  [[ $target = OrgModel ]] && clean_wall=$wall
done
if [[ $have_graph = yes ]]; then
  awk -v o="${per_line[OrgModel]}" -v g="${per_line[GraphModel]}" \
    'BEGIN { printf "  per line, organization / MS Graph v1.0: %.2f\n", o / g }'
fi

# Not with -v: SwiftPM compiles the plugin again for every verbose build, and the plugin's command then runs again.
build OrgModel noop
ran=$(grep -cE 'Generating|Compiling|Emitting|Linking' "$work/noop.log" || true)
printf '  no-op rebuild: %s s, %s commands run (goal 0: no generate, no compile; see %s)\n' "$wall" "$ran" \
  "$work/noop.log"

stamps() { find "$outputs/OrgModel" -name '*.swift' -printf '%f %T@\n' | sort; }
stamps >"$work/stamps-before"
serve changed "$work/changed" 0
"$tool" fetch "$url" --name Org --all-entities --query no-metadata-changes=1 -o "$consumer/Sources/OrgModel" \
  >"$work/refetch.log" 2>&1 || fail "fetching the changed organization failed, see $work/refetch.log"
build OrgModel changed
stamps >"$work/stamps-after"
rewritten=$(comm -13 "$work/stamps-before" "$work/stamps-after" | wc -l)
compiled=$(grep -c 'Compiling OrgModel' "$work/changed.log" || true)
printf '  one table changed (%s): %s s = %s of the clean build (goal ≤ 25 %%); %s files rewritten, %s compiled\n' \
  "$change" "$wall" "$(awk -v a="$wall" -v b="$clean_wall" 'BEGIN { printf "%.0f %%", 100 * a / b }')" \
  "$rewritten" "$compiled"

#!/usr/bin/env bash
# Generates Swift from every document of ../shared/corpus (or the files given) and compiles each
# result against the MobileSdk runtime (debug, Swift 6 mode, slow type-checking reported as
# warnings). A document passes when it compiles with zero errors and zero warnings.
# Documents the reader rejects (not well-formed) are listed as rejected, not failed.
# Usage: scripts/check-corpus.sh [FILE…]    Output: .build-corpus/<name>/ and <name>.log
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift build --product mobilesdkgen >/dev/null && swift build --target MobileSdk >/dev/null || exit 1
bin=$(swift build --show-bin-path 2>/dev/null | tail -1)
out=.build-corpus
mkdir -p "$out"
if [ $# -eq 0 ]; then set -- ../shared/corpus/*.xml; fi

passed=0; failed=0; rejected=0
for document in "$@"; do
  name=$(basename "$document" .xml)
  rm -rf "${out:?}/$name"
  if ! "$bin/mobilesdkgen" generate "$document" -o "$out/$name" >"$out/$name.generate.log" 2>&1; then
    echo "$name: rejected by the reader ($(grep -m1 'error:' "$out/$name.generate.log"))"
    rejected=$((rejected + 1)); continue
  fi
  start=$(date +%s%N)
  (cd "$out/$name" && /usr/bin/time -f "peak %M KB" swiftc -swift-version 6 -parse-as-library -emit-library -j "$(nproc)" \
     -I "$bin/Modules" -module-name Generated -o "../$name.so" \
     -Xfrontend -warn-long-function-bodies=100 -Xfrontend -warn-long-expression-type-checking=100 \
     ./*.swift) >"$out/$name.log" 2>&1
  seconds=$(awk -v ns=$(( $(date +%s%N) - start )) 'BEGIN { printf "%.1f", ns / 1e9 }')
  errors=$(grep -c 'error:' "$out/$name.log"); warnings=$(grep -c 'warning:' "$out/$name.log")
  lines=$(cat "$out/$name"/*.swift | wc -l)
  echo "$name: $lines lines, compiled in ${seconds}s, $(grep -o 'peak [0-9]* KB' "$out/$name.log"), $errors errors, $warnings warnings"
  if [ "$errors" -eq 0 ] && [ "$warnings" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); fi
done
echo "$passed passed, $failed failed, $rejected rejected"
[ "$failed" -eq 0 ]

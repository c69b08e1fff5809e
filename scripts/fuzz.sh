#!/usr/bin/env bash
# Coverage-guided fuzzing with libFuzzer and the address sanitizer: builds the targets of Tests/Fuzz with the
# fuzzer's coverage, ASan and -DFUZZING (scratch path .build-fuzz; libFuzzer's driver is linked without its main, as
# SwiftPM names an executable's entry point itself) and runs each for SECONDS, starting from its seeds
# and the corpus earlier runs kept (.build-fuzz/corpus/TARGET). A crash, leak, hang (over 10 s for one input) or
# sanitizer report stops the target and fails the script; libFuzzer writes the input to .build-fuzz/crashes/, and
# `swift run TARGET FILE` replays it without the fuzzer. Prints executions, coverage and corpus size per target.
#   FuzzMetadataReader  the reader (CSDL of every dialect, entity metadata XML and JSON) and the generator
#   FuzzODataJSON       ODataJSONDecoder: entities, collections and typed values, v2 and v4
#   FuzzEdmText         DateOnly, TimeOfDay and EdmDuration literals, which must survive printing
#   FuzzODataDelta      the delta-payload readers the offline store downloads with (decodeDelta, decodeRecords)
#   FuzzSOAPResponse    the organization service's response reader (Execute responses and faults, SOAP 1.1 and 1.2)
# Usage: scripts/fuzz.sh SECONDS [TARGET…]   (default: all five)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:?usage: scripts/fuzz.sh SECONDS [TARGET…]}"
shift
targets=("$@")
[[ $# -eq 0 ]] && targets=(FuzzMetadataReader FuzzODataJSON FuzzEdmText FuzzODataDelta FuzzSOAPResponse)
scratch=.build-fuzz
fuzzer_library=$(ls "$(dirname "$(command -v swiftc)")"/../lib/clang/*/lib/linux/libclang_rt.fuzzer_no_main-x86_64.a | head -1)
flags=(--scratch-path "$scratch" -Xswiftc -sanitize=address -Xswiftc -Xfrontend -Xswiftc -sanitize=fuzzer -Xswiftc -DFUZZING
       -Xlinker "$fuzzer_library" -Xlinker -lstdc++ -Xlinker --undefined=LLVMFuzzerRunDriver
       -Xlinker --export-dynamic-symbol=LLVMFuzzerRunDriver)

# The seed folder of each target: the sample documents, the recorded payloads, a few literals.
mkdir -p "$scratch/crashes"
for target in FuzzMetadataReader FuzzODataJSON FuzzEdmText FuzzODataDelta FuzzSOAPResponse; do
    rm -rf "$scratch/seeds/$target"
    mkdir -p "$scratch/seeds/$target"
done
cp SampleMetadata/* "$scratch/seeds/FuzzMetadataReader/"
cp Tests/MobileSdkClientTests/Payloads/*.json "$scratch/seeds/FuzzODataJSON/"
cp Tests/Fuzz/FuzzODataDelta/Seeds/* "$scratch/seeds/FuzzODataDelta/"
cp Tests/Servers/organization_exchanges/*.xml "$scratch/seeds/FuzzSOAPResponse/"
# The same exchanges in SOAP 1.2: its envelope namespace, and a fault's Code/Value, Reason/Text and Detail.
for exchange in Tests/Servers/organization_exchanges/*.xml; do
    sed -e 's#http://schemas.xmlsoap.org/soap/envelope/#http://www.w3.org/2003/05/soap-envelope#' \
        -e 's#<faultcode>\([^<]*\)</faultcode>#<s:Code><s:Value>\1</s:Value></s:Code>#' \
        -e 's#<faultstring\([^>]*\)>\([^<]*\)</faultstring>#<s:Reason><s:Text\1>\2</s:Text></s:Reason>#' \
        -e 's#<\(/\{0,1\}\)detail>#<\1s:Detail>#g' \
        "$exchange" >"$scratch/seeds/FuzzSOAPResponse/soap12-$(basename "$exchange")"
done
for literal in 2024-02-29 -0044-03-15 23:59:59.9999999 00:00 P1DT2H3M4.5S -PT0S P10675199DT2H48M5.4775807S; do
    printf '%s' "$literal" > "$scratch/seeds/FuzzEdmText/$literal"
done
failed=0
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
for target in "${targets[@]}"; do
    swift build "${flags[@]}" --product "$target" 2>&1 | grep -v "Cannot export local symbol" | grep -E "error|warning: " && exit 1
    binary="$(swift build "${flags[@]}" --show-bin-path)/$target"
    corpus="$scratch/corpus/$target"
    mkdir -p "$corpus"
    log="$scratch/$target.log"
    # A run longer than ten minutes fuzzes in libFuzzer's fork mode: jobs in child processes that exit, so that a
    # library's leak (FoundationXML's, of each parse error's text) cannot add up to the memory limit; crashes,
    # out-of-memory inputs and hangs still stop the run.
    fork=()
    ((seconds > 600)) && fork=(-fork=1 -ignore_crashes=0 -ignore_ooms=0 -ignore_timeouts=0)
    if "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 -max_len=1048576 -print_final_stats=1 \
        "${fork[@]}" -artifact_prefix="$scratch/crashes/$target-" "$corpus" "$scratch/seeds/$target" >"$log" 2>&1; then
        result=ok
    else
        result="FAILED (see $log and $scratch/crashes/)"
        failed=1
    fi
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || true)
    # Fork mode reports its progress lines only: the last one's count.
    [[ -n "$runs" ]] || runs=$(grep -o '^#[0-9]*' "$log" | tail -1 | tr -d '#' || true)
    [[ -n "$runs" ]] || runs="?"
    coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo ?)
    echo "$target: $result; $runs executions in ${seconds}s, coverage $coverage edges, corpus $(ls "$corpus" | wc -l) inputs"
done
exit "$failed"

#!/usr/bin/env bash
# The runtime and client test suites under the thread sanitizer, then the address sanitizer (scratch paths
# .build-tsan and .build-asan), against the live test servers (scripts/test-servers.sh, started here if
# .build-servers/servers.env is missing). Any sanitizer report fails the run.
# Usage: scripts/sanitize.sh [thread|address]…   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizers=("$@")
[[ $# -eq 0 ]] && sanitizers=(thread address)
if [[ ! -f .build-servers/servers.env ]]; then
    scripts/test-servers.sh start >/dev/null
    trap 'scripts/test-servers.sh stop' EXIT
fi
set -a
. .build-servers/servers.env
set +a
export MOBILESDK_REQUIRE_LIVE_TESTS=1
# TSan reports and stops at the first race; ASan at the first error, leaks included.
# Swift globals' one-time initializers hold what they allocate for good; LeakSanitizer is told (scripts/lsan.supp).
export TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" ASAN_OPTIONS="detect_leaks=1 halt_on_error=1"
export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan.supp"
for sanitizer in "${sanitizers[@]}"; do
    scratch=".build-${sanitizer:0:1}san"
    mkdir -p "$scratch"
    log="$scratch/sanitize.log"
    if swift test --scratch-path "$scratch" --sanitize="$sanitizer" --filter "MobileSdkTests|MobileSdkClientTests" >"$log" 2>&1 \
        && ! grep -q "Sanitizer" "$log"; then
        echo "$sanitizer sanitizer: $(grep -Eo 'Test run with [0-9]+ tests? in [0-9]+ suites? passed' "$log" | tail -1)"
    else
        echo "$sanitizer sanitizer: FAILED, see $log" >&2
        grep -m 20 -E "Sanitizer|✘|error:" "$log" >&2 || true
        exit 1
    fi
done

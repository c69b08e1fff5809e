#!/usr/bin/env bash
# Runs every test: installs the system packages the build needs, checks the sources' formatting (scripts/lint.sh),
# starts the real OData servers the client and the example app are tested against (scripts/test-servers.sh), runs
# `swift test`, builds the DocC documentation with warnings as errors (scripts/build-docs.sh), checks the libraries
# against the Apple minimums, feeds the generator a thousand mutated documents (no crash, no hang), fuzzes the reader,
# the JSON decoder, the literal parsers, the delta reader and the SOAP response reader for 30 s each
# (scripts/fuzz.sh), then builds and tests
# the example packages through the build-tool plugin.
# Tests that read ../shared/corpus skip themselves where that folder is absent; the live-server tests must run here
# (MOBILESDK_REQUIRE_LIVE_TESTS=1).
#
# scripts/test.sh --quick: the formatting check and the unit, snippet, golden-file and generated-code tests alone,
# while working — no servers (the live tests skip themselves), no DocC, availability check, mutation, fuzzing or
# examples. CI runs the full one.
set -euo pipefail
cd "$(dirname "$0")/.."
# Each step's time, printed as it ends and together at the end: where a slow run's minutes went.
times=()
timed() {
  local name=$1 start=$SECONDS
  shift
  "$@"
  times+=("$name $((SECONDS - start)) s")
  echo "== $name: $((SECONDS - start)) s" >&2
}
report_times() { echo "== steps: ${times[*]/%/;} total $SECONDS s" >&2; }
timed bootstrap scripts/bootstrap.sh
timed lint scripts/lint.sh
if [[ "${1:-}" == "--quick" ]]; then
  shift
  unset MOBILESDK_REQUIRE_LIVE_TESTS
  exec swift test --skip LiveServiceTests "$@"
fi
timed servers scripts/test-servers.sh start
trap 'report_times; scripts/test-servers.sh stop' EXIT
set -a
. .build-servers/servers.env
set +a
export MOBILESDK_REQUIRE_LIVE_TESTS=1
# Every server keeps a client's connection between requests, as the services they stand for do.
python3 Tests/Servers/check_connections.py
# The TripPin servers address contained records by path, as the service they stand for does.
python3 Tests/Servers/check_containment.py
# The Windows-authentication servers sign in with NTLM and Negotiate for real (libcurl's and pyspnego's clients).
.build-servers/venv/bin/python Tests/Servers/check_windows_auth.py
timed swift-test swift test "$@"
timed docs scripts/build-docs.sh
# The standard-library symbols the libraries use against the Apple minimums in Package.swift; and, so that the check is
# known to bite, the same check failing below them (Observation needs iOS 17).
timed availability scripts/check-availability.py
if scripts/check-availability.py --floor iOS=16.0 >/dev/null; then
    echo "error: scripts/check-availability.py passed with iOS 16 as the minimum, where Observation is unavailable" >&2
    exit 1
fi
timed mutation scripts/mutation-check.sh 1000
# Coverage-guided fuzzing, 30 s per target (scripts/fuzz.sh SECONDS runs longer).
timed fuzz scripts/fuzz.sh 30
timed examples scripts/test-example.sh

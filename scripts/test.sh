#!/usr/bin/env bash
# Runs every test: installs the system packages the build needs, runs `swift test`, feeds the
# generator a thousand mutated documents (no crash, no hang), then builds and tests the example
# consumer package through the build-tool plugin.
# Tests that read ../shared/corpus skip themselves where that folder is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift test "$@"
scripts/mutation-check.sh 1000
scripts/test-example.sh

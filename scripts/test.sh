#!/usr/bin/env bash
# Runs every test: installs the system packages the build needs, then `swift test`.
# Tests that read ../shared/corpus skip themselves where that folder is absent.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
swift test "$@"

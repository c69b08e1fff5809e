#!/usr/bin/env bash
# Rewrites Sources/Generator/Contract/RuntimeMembers.swift from the symbol graph of the MobileSdk runtime: the member
# names each runtime type hands on to generated types, protocols' members included. Run it after changing the
# runtime's public members; review the result with `git diff Sources/Generator/Contract` before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
MOBILESDK_UPDATE_RUNTIME_MEMBERS=1 swift test --filter 'RuntimeContractTests/inheritedMembersAreTheSymbolGraphs'

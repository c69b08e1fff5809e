#!/usr/bin/env bash
# Regenerates the golden files in Tests/GoldenFiles from SampleMetadata after a deliberate change
# to the generator. Review the result with `git diff Tests/GoldenFiles` before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product mobilesdkgen >/dev/null
tool=$(swift build --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen
while read -r name documents; do
  rm -rf "Tests/GoldenFiles/$name"
  # shellcheck disable=SC2086
  "$tool" generate $documents -o "Tests/GoldenFiles/$name" >/dev/null 2>&1
  echo "updated Tests/GoldenFiles/$name"
done < Tests/GoldenFiles/sets.txt

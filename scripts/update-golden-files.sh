#!/usr/bin/env bash
# Regenerates the golden files in Tests/GoldenFiles (and the decoding benchmark's classes) after a deliberate change
# to the generator. Review the result with `git diff Tests/GoldenFiles` before committing it.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product mobilesdkgen >/dev/null
tool=$(swift build --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen
while read -r name documents; do
  # A name with a folder is a path from the repository root; others are folders of Tests/GoldenFiles.
  if [[ "$name" == */* ]]; then folder="$name"; else folder="Tests/GoldenFiles/$name"; fi
  rm -rf "$folder"
  # shellcheck disable=SC2086
  "$tool" generate $documents -o "$folder" >/dev/null 2>&1
  echo "updated $folder"
done < Tests/GoldenFiles/sets.txt

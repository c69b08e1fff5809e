#!/usr/bin/env bash
# Checks the formatting of the Swift sources against .swift-format (line length 120, otherwise
# swift-openapi-generator's settings) with the toolchain's `swift format lint --strict`: Sources, Plugins and
# Tests, the golden files aside (they are the generator's output, checked byte for byte by GoldenFileTests).
# `swift format format -i -r FOLDER` fixes what the formatter can; the rest it names with file, line and column.
set -euo pipefail
cd "$(dirname "$0")/.."
folders=(Sources Plugins)
for folder in Tests/*/; do
  [[ "$folder" == Tests/GoldenFiles/ ]] || folders+=("${folder%/}")
done
if ! swift format lint --strict --recursive --parallel "${folders[@]}"; then
  echo "error: the Swift sources are not formatted as .swift-format says (above); run" \
    "swift format format -i -r ${folders[*]}, then fix what remains by hand" >&2
  exit 1
fi

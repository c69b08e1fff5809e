#!/usr/bin/env bash
# Builds and tests Examples/TripPinClient, a consumer package that uses the build-tool plugin,
# then checks that a no-op build does not run the generator and that the command plugin writes
# every generated file.
set -euo pipefail
cd "$(dirname "$0")/../Examples/TripPinClient"
swift test
generations() { swift build 2>&1 | grep -c "Generating Swift entity classes" || true; }
generations >/dev/null   # `swift test` builds the generator for testing; a plain build relinks it once
if [ "$(generations)" -ne 0 ]; then
  echo "error: a no-op build of Examples/TripPinClient ran the generator" >&2
  exit 1
fi
touch Sources/TripPinModel/TripPin.metadata.xml
if [ "$(generations)" -ne 1 ]; then
  echo "error: changing the metadata document did not run the generator exactly once" >&2
  exit 1
fi
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT
swift package --allow-writing-to-package-directory generate-entities --target TripPinModel --output "$output" >/dev/null
written=$(find "$output/TripPinModel" -name '*.swift' | wc -l)
if [ "$written" -ne 17 ]; then
  echo "error: generate-entities wrote $written files instead of 17" >&2
  exit 1
fi
# `mobilesdkgen init` creates a package that builds and runs as created.
cd ../..
created="$output/Created"
swift run mobilesdkgen init --name TripPinApp --service-url https://services.example.com/trippin/ \
  --metadata SampleMetadata/TripPin.xml -o "$created" >/dev/null
ran=$(cd "$created" && swift run TripPinApp 2>/dev/null)
if ! grep -q "Generated entity classes: 13" <<<"$ran"; then
  echo "error: the package mobilesdkgen init created did not run as expected: $ran" >&2
  exit 1
fi
echo "Examples/TripPinClient: plugin build, no-op build, changed-document build and generate-entities checked; init output builds and runs"

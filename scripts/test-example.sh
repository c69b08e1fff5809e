#!/usr/bin/env bash
# Builds and tests Examples/TripPinClient, a consumer package that uses the build-tool plugin,
# then checks that a no-op build does not run the generator and that the command plugin writes
# every generated file; builds and runs a package `mobilesdkgen init --service` created from the
# v4 test server, again after
# `swift package fetch-metadata` replaced its (overwritten) metadata with the server's. Then tests the
# Activity Tracker app's view models (Examples/ActivityTracker) against the Dataverse-shaped test
# server, and a package `mobilesdkgen init --template activity-tracker` created the same way.
# Needs MOBILESDK_TEST_DATAVERSE_URL and _ODATA_V4_URL: the environment's, else .build-servers/servers.env
# (scripts/test-servers.sh start writes it; scripts/test.sh starts the servers).
set -euo pipefail
cd "$(dirname "$0")/.."
# The packages `init` creates are built in the scratch folder of the example they resemble: their dependencies (this
# package's libraries and tool, GRDB) are built once for both, and only their own targets compile again.
trippin_scratch="$PWD/Examples/TripPinClient/.build"
tracker_scratch="$PWD/Examples/ActivityTracker/.build"
if [[ -z "${MOBILESDK_TEST_DATAVERSE_URL:-}" && -f .build-servers/servers.env ]]; then
  set -a
  . .build-servers/servers.env
  set +a
fi
if [[ -z "${MOBILESDK_TEST_DATAVERSE_URL:-}" ]]; then
  echo "error: MOBILESDK_TEST_DATAVERSE_URL and MOBILESDK_TEST_ODATA_V4_URL are not set: run scripts/test-servers.sh start first" >&2
  exit 1
fi
cd Examples/TripPinClient
swift test
generations() { swift build 2>&1 | grep -c "Generating Swift entity classes" || true; }
generations >/dev/null   # `swift test` builds the generator for testing; a plain build relinks it once
if [ "$(generations)" -ne 0 ]; then
  echo "error: a no-op build of Examples/TripPinClient ran the generator" >&2
  exit 1
fi
touch Sources/TripPinModel/TripPin.metadata.xml
built=$(swift build 2>&1)
if [ "$(grep -c "Generating Swift entity classes" <<<"$built")" -ne 1 ]; then
  echo "error: changing the metadata document did not run the generator exactly once" >&2
  exit 1
fi
# All is well with TripPin's metadata: the plugin's run prints no note, summary or configuration.
if grep -E "note: |Configuration: |Generated [0-9]+ entity classes" <<<"$built"; then
  echo "error: a build through the plugin printed the generator's notes or summary (above)" >&2
  exit 1
fi
output=$(mktemp -d)
trap 'rm -rf "$output"' EXIT
swift package --allow-writing-to-package-directory generate-entities --target TripPinModel --output "$output" >/dev/null
written=$(find "$output/TripPinModel" -name '*.swift' | wc -l)
# A file for each of TripPin's 28 types, named after it, and the registry's.
if [ "$written" -ne 29 ] || [ ! -f "$output/TripPinModel/Person.swift" ]; then
  echo "error: generate-entities wrote $written files instead of 29, Person.swift among them" >&2
  exit 1
fi
# `mobilesdkgen init` creates a package that builds and runs as created.
cd ../..
created="$output/Created"
swift run mobilesdkgen init --name TripPinApp --service "$MOBILESDK_TEST_ODATA_V4_URL" -o "$created" >/dev/null
ran=$(cd "$created" && swift run --scratch-path "$trippin_scratch" TripPinApp 2>/dev/null)
if ! grep -q "Generated entity classes: 13" <<<"$ran"; then
  echo "error: the package mobilesdkgen init created did not run as expected: $ran" >&2
  exit 1
fi
# `swift package fetch-metadata` replaces the package's metadata with what the live service serves; it still builds.
cp SampleMetadata/TripPin.xml "$created/Sources/TripPinAppModel/odata.metadata.xml"
(cd "$created" && swift package --scratch-path "$trippin_scratch" --allow-network-connections all \
  --allow-writing-to-package-directory fetch-metadata "$MOBILESDK_TEST_ODATA_V4_URL" >/dev/null)
if ! curl --silent --fail "${MOBILESDK_TEST_ODATA_V4_URL}\$metadata" | cmp -s - "$created/Sources/TripPinAppModel/odata.metadata.xml"; then
  echo "error: swift package fetch-metadata did not write the served \$metadata over the package's odata.metadata.xml" >&2
  exit 1
fi
ran=$(cd "$created" && swift run --scratch-path "$trippin_scratch" TripPinApp 2>/dev/null)
if ! grep -q "Generated entity classes: 13" <<<"$ran"; then
  echo "error: the package did not build and run from the fetched metadata: $ran" >&2
  exit 1
fi
# The plugins article's command with a Dataverse organization's two documents: the plugin reads both, so the model's
# option sets are enums.
dataverse_app="$output/DataverseApp"
swift run mobilesdkgen init --name DataverseApp --service-url https://org.crm.dynamics.com/api/data/v9.2/ \
  --metadata SampleMetadata/Dataverse.WebApi.xml --metadata SampleMetadata/Dataverse.EntityMetadata.xml \
  -o "$dataverse_app" >/dev/null
if ! built=$(cd "$dataverse_app" && swift build --scratch-path "$trippin_scratch" 2>&1); then
  echo "$built" >&2
  exit 1
fi
if grep -qE "(error|warning): .*(no entity definitions|looks like a metadata document)" <<<"$built" \
  || ! grep -rqs "enum AccountIndustryCode: MobileSdk.OptionSetEnumeration" "$trippin_scratch/plugins/outputs/dataverseapp"; then
  echo "error: the package init created from both Dataverse documents did not build with option-set enums:" >&2
  echo "$built" >&2
  exit 1
fi
echo "Examples/TripPinClient: plugin build, no-op build, changed-document build and generate-entities checked; init output builds and runs, also after fetch-metadata; a Dataverse package from both documents builds with option-set enums"

export MOBILESDK_TEST_DATAVERSE_URL MOBILESDK_REQUIRE_LIVE_TESTS=1
echo "== examples: TripPinClient and the packages init created took $SECONDS s" >&2
(cd Examples/ActivityTracker && swift test)
echo "== examples: ActivityTracker's tests done at $SECONDS s" >&2
# The app for "a user's service" (the same sample here, as the test server serves it): created, built and tested.
tracker="$output/ContosoTracker"
swift run mobilesdkgen init --template activity-tracker --name ContosoTracker \
  --service-url https://contoso.crm.dynamics.com/api/data/v9.2/ --metadata SampleMetadata/Dataverse.WebApi.xml \
  --metadata SampleMetadata/Dataverse.EntityDefinitions.json -o "$tracker" >/dev/null
(cd "$tracker" && swift test --scratch-path "$tracker_scratch")
if (cd "$tracker" && grep -rq ActivityTracker Package.swift Sources Tests); then
  echo "error: the package mobilesdkgen init --template activity-tracker created still names ActivityTracker" >&2
  exit 1
fi
echo "Examples/ActivityTracker: view models tested against the live server; init --template activity-tracker output builds and passes them too"

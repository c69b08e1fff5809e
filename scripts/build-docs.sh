#!/usr/bin/env bash
# Builds the DocC documentation of mobilesdkgen (its articles), MobileSdk, MobileSdkClient, MobileSdkOffline and
# MobileSdkOrganizationService (their .docc catalogs and doc comments) with swift-docc-plugin into
# .build/docs/<Target>.doccarchive, treating DocC warnings as errors: a broken ``Symbol`` or <doc:Article> link fails
# the test command. Without an index (--disable-indexing): the archives are checked, not opened in Xcode.
set -euo pipefail
cd "$(dirname "$0")/.."
output=.build/docs
mkdir -p "$output"
for target in mobilesdkgen MobileSdk MobileSdkClient MobileSdkOffline MobileSdkOrganizationService; do
  if ! swift package --allow-writing-to-directory "$output" generate-documentation --target "$target" \
      --warnings-as-errors --disable-indexing --output-path "$output/$target.doccarchive"; then
    echo "error: the documentation of $target has warnings (above); fix the links in its catalog or doc comments" >&2
    exit 1
  fi
done
echo "Documentation built without warnings:" \
  "$output/{mobilesdkgen,MobileSdk,MobileSdkClient,MobileSdkOffline,MobileSdkOrganizationService}.doccarchive"

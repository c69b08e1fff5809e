#!/usr/bin/env bash
# Generates MobileSdkOrganizationService's typed messages (Messages/Generated) from their description,
# Messages/OrganizationMessages.xml, with mobilesdkgen's hidden `organization-messages` command. Run it after changing
# either the description or the generator, and review `git diff`; GeneratorTests' OrganizationMessagesTests fails
# until the committed files are what the description gives. SCRATCH_PATH picks another build folder (.build-NAME).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=(--scratch-path "${SCRATCH_PATH:-.build}")
swift build "${scratch[@]}" --product mobilesdkgen >/dev/null
tool=$(swift build "${scratch[@]}" --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen
folder=Sources/MobileSdkOrganizationService/Messages
"$tool" organization-messages "$folder/OrganizationMessages.xml" -o "$folder/Generated"

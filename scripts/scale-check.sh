#!/usr/bin/env bash
# The reader on hostile sizes: writes a $metadata of ENTITIES entity types (default 20,000, 100 properties each,
# about 200 MB, pretty-printed) and the same document on a single line, then reads each with `mobilesdkgen inspect`
# (release build) beside `xmllint --stream` (the floor: libxml2 alone) and prints wall time and peak memory of both.
# Usage: scripts/scale-check.sh   Environment: ENTITIES, PROPERTIES (default 100)
set -euo pipefail
cd "$(dirname "$0")/.."
entities=${ENTITIES:-20000}
properties=${PROPERTIES:-100}
command -v xmllint >/dev/null || { echo "xmllint is missing: apt-get install libxml2-utils" >&2; exit 1; }
swift build -c release --product mobilesdkgen >/dev/null 2>&1
tool="$(swift build -c release --show-bin-path)/mobilesdkgen"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$entities" "$properties" <<'PY'
import sys
work, entities, properties = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
head = ('<?xml version="1.0" encoding="utf-8"?>\n<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">\n'
        '<edmx:DataServices>\n<Schema Namespace="Scale" xmlns="http://docs.oasis-open.org/odata/ns/edm">\n')
with open(work + "/pretty.xml", "w") as pretty, open(work + "/line.xml", "w") as line:
    def write(text):
        pretty.write(text)
        line.write(text.replace("\n", ""))
    write(head)
    for index in range(entities):
        write('  <EntityType Name="Entity%d">\n    <Key><PropertyRef Name="Id"/></Key>\n' % index)
        write('    <Property Name="Id" Type="Edm.Guid" Nullable="false"/>\n')
        for number in range(properties):
            write('    <Property Name="Property%d" Type="Edm.String" MaxLength="100">'
                  '<Annotation Term="Core.Description" String="Property %d of entity %d"/></Property>\n' % (number, number, index))
        write('  </EntityType>\n')
    write('  <EntityContainer Name="Container">\n')
    for index in range(entities):
        write('    <EntitySet Name="Set%d" EntityType="Scale.Entity%d"/>\n' % (index, index))
    write('  </EntityContainer>\n</Schema>\n</edmx:DataServices>\n</edmx:Edmx>\n')
PY
measure() {  # prints "seconds MiB" of one run
    /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1 | awk '{ printf "%6.1f s %7.0f MiB", $1, $2 / 1024 }'
}
printf '%-28s %9s %-22s %-22s\n' document MB "mobilesdkgen inspect" "xmllint --stream"
for name in pretty line; do
    file="$work/$name.xml"
    size=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.0f", b / 1048576 }')
    printf '%-28s %9s %-22s %-22s\n' "$name ($entities entity types)" "$size" "$(measure "$tool" inspect "$file")" \
        "$(measure xmllint --stream --noout "$file")"
done

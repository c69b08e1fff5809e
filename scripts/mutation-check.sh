#!/usr/bin/env bash
# Robustness check: mutates small metadata documents (truncation, byte flips, duplicated and
# deleted slices, odd attribute values, deep nesting), runs `mobilesdkgen generate` on each, and
# fails if any run ends other than with exit status 0 or 1 (a crash or a hang).
# Usage: scripts/mutation-check.sh [COUNT] [SEED]    (default 1000 documents, seed 1)
set -uo pipefail
cd "$(dirname "$0")/.."
count=${1:-1000}
seed=${2:-1}
# The debug build: `swift test` has built it already (a release build took minutes of CI for runs of a tenth of a
# second), and its checks of overflow and preconditions are the ones a crash here should trip.
swift build --product mobilesdkgen >/dev/null 2>&1 || exit 1
tool=$(swift build --show-bin-path 2>/dev/null | tail -1)/mobilesdkgen
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" "$count" "$seed" <<'PYTHON'
import glob, os, random, sys
work, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
random.seed(seed)
sources = [f for f in glob.glob("../shared/corpus/*.xml") if os.path.getsize(f) < 70000] + glob.glob("SampleMetadata/*.xml")
values = ["", "x", "Edm.Foo", "Collection(", "a.b.c", "-1", "999999999999999999999", "true", "Self", "default", "ns.T/P", "_x0000_", "Edm.Stream", "*", "0..1", "Max"]
for index in range(count):
    data = open(random.choice(sources), "rb").read()
    at = random.randrange(len(data))
    kind = random.randrange(6)
    if kind == 0:
        data = data[:at]
    elif kind == 1:
        flipped = bytearray(data)
        for _ in range(random.randrange(1, 20)):
            flipped[random.randrange(len(flipped))] = random.randrange(256)
        data = bytes(flipped)
    elif kind == 2:
        data = data[:at] + data[at:at + random.randrange(1, 3000)] + data[at:]
    elif kind == 3:
        data = data[:at] + data[at + random.randrange(1, 800):]
    elif kind == 4:
        parts = data.decode("utf-8", "replace").split('"')
        for _ in range(random.randrange(3, 40)):
            k = random.randrange(len(parts))
            if k % 2 == 1:
                parts[k] = random.choice(values)
        data = '"'.join(parts).encode()
    else:
        data = data[:at] + b"<a>" * random.randrange(1, 3000) + data[at:]
    open(os.path.join(work, f"case{index:05d}.xml"), "wb").write(data)
PYTHON
failures=0
for document in "$work"/case*.xml; do
  timeout 10 "$tool" generate "$document" -o "$work/out" >/dev/null 2>&1
  status=$?
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then
    kept="$(basename "$document")"
    cp "$document" "/tmp/mobilesdkgen-$kept"
    echo "exit status $status on a mutated document, kept as /tmp/mobilesdkgen-$kept"
    failures=$((failures + 1))
  fi
done
echo "$((count - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]

#!/usr/bin/env bash
# Peak memory of streaming with MobileSdkClient: a file of SIZE MiB (1024 unless given) uploaded and downloaded
# through Tests/Servers/stream_peer.py on 127.0.0.1 (which keeps the stream in a file), one process per transfer,
# each measured with /usr/bin/time (release build) RUNS times (3 unless set): the highest peak and the median wall
# time are printed. Beside them in the same run: the floor (the same process uploading 1 KiB) and the baseline
# (the whole stream read into memory with data(of:)). Every download is compared with the upload byte for byte.
# Fails when a streaming transfer peaks at LIMIT MiB or more (64 unless set). Needs SIZE × 4 of free space under
# TMPDIR.
# Usage: scripts/stream-benchmark.sh [SIZE_MIB]
set -euo pipefail
cd "$(dirname "$0")/.."
size=${1:-1024}
limit=${LIMIT:-64}
runs=${RUNS:-3}
[[ $size =~ ^[1-9][0-9]*$ ]] || { echo "stream-benchmark: SIZE_MIB must be a positive whole number" >&2; exit 2; }
swift build -c release --product StreamBenchmark >/dev/null
bench=$(swift build -c release --show-bin-path)/StreamBenchmark
work=$(mktemp -d)
peer=""
trap '[ -n "$peer" ] && kill "$peer" 2>/dev/null; rm -rf "$work"' EXIT

head -c "$((size * 1048576))" /dev/urandom >"$work/upload.bin"
head -c 1024 /dev/urandom >"$work/small.bin"
python3 Tests/Servers/stream_peer.py "$work/store.bin" >"$work/root" &
peer=$!
for _ in $(seq 50); do [ -s "$work/root" ] && break; sleep 0.1; done
root=$(head -1 "$work/root")

failed=0
measure() {  # measure LABEL MODE FILE [streaming]: prints the median wall seconds and highest peak MiB of RUNS transfers
  local label=$1 mode=$2 file=$3 peak=0 wall walls=() peaks=() kilobytes
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %M" -o "$work/time" "$bench" "$mode" "$root" "$file" >/dev/null
    read -r wall kilobytes <"$work/time"
    walls+=("$wall")
    peaks+=("$(awk -v k="$kilobytes" 'BEGIN { printf "%.1f", k / 1024 }')")
  done
  wall=$(printf '%s\n' "${walls[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  peak=$(printf '%s\n' "${peaks[@]}" | sort -n | tail -1)
  printf '%-34s %8s s %9s MiB   (peaks: %s)\n' "$label" "$wall" "$peak" "${peaks[*]}"
  if [ "${4:-}" = streaming ] && awk -v p="$peak" -v l="$limit" 'BEGIN { exit !(p >= l) }'; then
    echo "  over the limit of $limit MiB" >&2
    failed=1
  fi
}

echo "streaming $size MiB through $root (limit $limit MiB, $runs runs each; wall: median, peak: highest)"
measure "floor (upload 1 KiB)" upload "$work/small.bin"
measure "upload (one PUT from the file)" upload "$work/upload.bin" streaming
cmp -s "$work/upload.bin" "$work/store.bin" || { echo "the stored stream differs from the upload" >&2; exit 1; }
measure "download in 4 MiB ranges" download-ranged "$work/ranged.bin" streaming
cmp -s "$work/upload.bin" "$work/ranged.bin" || { echo "the ranged download differs from the upload" >&2; exit 1; }
rm -f "$work/ranged.bin"
measure "download in one response" download-whole "$work/whole.bin" streaming
cmp -s "$work/upload.bin" "$work/whole.bin" || { echo "the download differs from the upload" >&2; exit 1; }
rm -f "$work/whole.bin"
measure "baseline: data(of:) into memory" in-memory "$work/unused"
exit $failed

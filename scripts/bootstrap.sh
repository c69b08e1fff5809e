#!/usr/bin/env bash
# Installs what building needs beyond the Swift toolchain: libxml2's headers (and pkg-config to
# find them) for the reader, SQLite's for the offline store (GRDB wraps the system SQLite on
# Linux). Does nothing when they are already there.
set -euo pipefail
if pkg-config --exists libxml-2.0 sqlite3 2>/dev/null; then
  exit 0
fi
if command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "bootstrap: installing libxml2-dev, libsqlite3-dev and pkg-config" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-dev libsqlite3-dev pkg-config >/dev/null
elif command -v brew >/dev/null; then
  brew install libxml2 pkg-config
else
  echo "bootstrap: libxml2 or SQLite development files are missing; install libxml2-dev and libsqlite3-dev" \
    "(Debian/Ubuntu) or libxml2 (Homebrew)" >&2
  exit 1
fi

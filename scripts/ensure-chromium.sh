#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here).
set -euo pipefail
chromium_path="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium_path" ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is missing: install Debian's package (sudo apt-get install chromium) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Debian's chromium for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
"$chromium_path" --version

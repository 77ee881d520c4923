#!/usr/bin/env bash
# The browser tests drive Debian's Chromium (Playwright cannot download its own browser here): its old
# headless shell (package chromium-headless-shell) for the journeys, as Playwright's own headless runs
# use, and the full browser for Lighthouse (npm run bench:web). The shell spends about a fifth less
# CPU on the same journeys (160 against 200 CPU-seconds for the accessibility and tax specs, December
# 2026). CHROMIUM_PATH names another Chromium instead.
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "Chromium is missing: install Debian's packages (sudo apt-get install ${missing[*]}) or set CHROMIUM_PATH." >&2
  exit 1
fi
echo "Installing Debian's ${missing[*]} for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
/usr/bin/chromium-headless-shell --version

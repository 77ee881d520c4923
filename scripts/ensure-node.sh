#!/usr/bin/env bash
# The shop runs and is tested on Node.js 24 LTS (22 works too; 20 left maintenance in April 2026).
# Prints the folder of a Node 24 binary to put first on PATH: none when this machine's `node` is 24 or
# newer; otherwise the npm registry's own build (the `node-linux-<arch>` package the `node` package
# installs), fetched once into .cache/node-24. `.ci/run` runs every test on it:
#   node_bin="$(bash scripts/ensure-node.sh)" && [ -n "$node_bin" ] && PATH="$node_bin:$PATH"
set -euo pipefail
cd "$(dirname "$0")/.."
WANTED=24
major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$major" -ge "$WANTED" ]; then exit 0; fi
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64 | arm64) arch=arm64 ;;
  *) echo "No Node.js $WANTED build for $(uname -m): install Node.js $WANTED LTS" >&2; exit 1 ;;
esac
prefix=".cache/node-$WANTED"
bin="$prefix/node_modules/node-linux-$arch/bin"
if ! "$bin/node" --version >/dev/null 2>&1; then
  echo "Node.js $(node --version 2>/dev/null || echo missing) here: fetching Node.js $WANTED LTS from the npm registry..." >&2
  for attempt in 1 2 3; do
    if npm install --silent --no-audit --no-fund --no-save --prefix "$prefix" "node-linux-$arch@$WANTED" >&2; then break; fi
    echo "fetching Node.js $WANTED failed (attempt $attempt of 3)" >&2
    sleep 5
  done
fi
"$bin/node" --version >&2
echo "$(pwd)/$bin"

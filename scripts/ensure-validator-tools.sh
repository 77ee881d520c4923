#!/usr/bin/env bash
# The e-invoice validators (tools/validators) check XML against the XSDs with xmllint and read a
# Factur-X PDF's attachment and metadata with pdfdetach and pdfinfo: Debian's libxml2-utils and
# poppler-utils.
set -euo pipefail
if command -v xmllint >/dev/null && command -v pdfdetach >/dev/null && command -v pdfinfo >/dev/null; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null; then
  echo "xmllint or pdfdetach is missing: sudo apt-get install libxml2-utils poppler-utils" >&2
  exit 1
fi
echo "Installing Debian's libxml2-utils and poppler-utils for the e-invoice validators..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libxml2-utils poppler-utils >/dev/null
xmllint --version 2>&1 | head -n 1

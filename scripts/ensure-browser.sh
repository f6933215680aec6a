#!/usr/bin/env bash
# Makes sure Debian's Chromium, a CJK font and poppler's pdftoppm (the export e2e turns its PDF into page images) are
# present for the e2e suite.
# Installs them with apt when missing and running as root; never downloads a browser build.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
FONT_PKG=fonts-wqy-microhei

have_font() {
  dpkg-query -W -f='${Status}' "$FONT_PKG" 2>/dev/null | grep -q 'install ok installed'
}

missing=()
[ -x "$CHROMIUM" ] || missing+=(chromium)
have_font || missing+=("$FONT_PKG")
command -v pdftoppm >/dev/null 2>&1 || missing+=(poppler-utils)

if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "ensure-browser: installing ${missing[*]} with apt-get" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium "$FONT_PKG" poppler-utils >/dev/null
  if [ ! -x "$CHROMIUM" ]; then
    echo "ensure-browser: apt-get finished but $CHROMIUM is still missing" >&2
    exit 1
  fi
  exit 0
fi

cat >&2 <<EOF
ensure-browser: missing ${missing[*]}.
The e2e suite runs in Debian's Chromium at $CHROMIUM with the $FONT_PKG font (Chinese text).
Install them once as root:
    sudo apt-get update && sudo apt-get install -y chromium $FONT_PKG poppler-utils
(this script installs them itself when run as root; it never downloads a browser build).
EOF
exit 1

#!/usr/bin/env bash
# Debian's chromium for the browser tests (tests/web): installed with apt-get when
# /usr/bin/chromium is missing. Playwright drives it; `playwright install` is never used.
#   scripts/chromium.sh   → prints the path of the browser
set -euo pipefail
browser=${BOARDROOM_CHROMIUM:-/usr/bin/chromium}
if [ ! -x "$browser" ]; then
  echo "installing chromium…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends chromium fonts-dejavu-core >&2
fi
[ -x "$browser" ] || { echo "no chromium at $browser" >&2; exit 1; }
echo "$browser"

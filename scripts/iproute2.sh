#!/usr/bin/env bash
# Debian's iproute2 (`ip`) for the room-network test (tests/web/test_web_room_links.py makes a
# network namespace with it): installed with apt-get when `ip` is missing.
#   scripts/iproute2.sh   → prints the path of `ip`
set -euo pipefail
if ! command -v ip >/dev/null; then
  echo "installing iproute2…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends iproute2 >&2
fi
command -v ip

#!/usr/bin/env bash
# Debian's nginx, the reverse proxy of deploy/nginx.conf (and of the failover test):
# installed with apt-get when no nginx binary is found. The package's own service is
# never started here (a policy-rc.d says no while it installs, if none is there already):
# every nginx we run is started with its own configuration and prefix.
#   scripts/nginx.sh   → prints the path of the nginx binary
set -euo pipefail
nginx=${BOARDROOM_NGINX:-/usr/sbin/nginx}
if [ ! -x "$nginx" ]; then
  echo "installing nginx…" >&2
  export DEBIAN_FRONTEND=noninteractive
  policy=/usr/sbin/policy-rc.d
  made=
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' >"$policy"
    chmod +x "$policy"
    made=1
  fi
  trap 'if [ -n "$made" ]; then rm -f "$policy"; fi' EXIT
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends nginx-light >&2
fi
[ -x "$nginx" ] || { echo "no nginx at $nginx" >&2; exit 1; }
echo "$nginx"

#!/usr/bin/env bash
# A C compiler for the mypyc build of the hot paths (scripts/compile.py): Debian's gcc,
# installed with apt-get when missing and apt-get may run. Python's own headers come
# with the interpreter (or Debian's python3-dev for Debian's python3). Never fatal:
# without a compiler the pure-Python build runs.
#   scripts/compiler.sh PYTHON
set -uo pipefail
python=${1:-python3}
cc=$("$python" -c 'import os, sysconfig; print((os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0])')
headers=$("$python" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')
wants=()
command -v "$cc" >/dev/null 2>&1 || wants+=(gcc libc6-dev)
if [ ! -f "$headers/Python.h" ] && [ "$("$python" -c 'import sys; print(sys.base_prefix)')" = /usr ]; then
  wants+=(python3-dev)
fi
if [ ${#wants[@]} -gt 0 ] && [ "${BOARDROOM_PURE:-0}" = 0 ] && command -v apt-get >/dev/null && [ "$(id -u)" = 0 ]; then
  echo "installing ${wants[*]} for the compiled build…" >&2
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${wants[@]}"; } >&2 \
    || echo "could not install ${wants[*]}: the pure-Python build runs" >&2
fi
exit 0

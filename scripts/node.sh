#!/usr/bin/env bash
# Node.js and npm for type-checking the pages (make lint runs tsc from node_modules/):
# installed with apt-get when missing.
set -euo pipefail
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "installing nodejs and npm…" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends nodejs npm >&2
fi
command -v node

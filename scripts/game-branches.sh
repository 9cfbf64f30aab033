#!/usr/bin/env bash
# Branches on a game's name outside the game packages (docs/game-kinds.md): one line each.
# Usage: scripts/game-branches.sh [repo root]   (count: | wc -l)
cd "${1:-$(dirname "$0")/..}" || exit 1
grep -rnE "(game|\.game|record\.game)\s*(===?|!==?)\s*[\"'](exchange|quiz|russian)[\"']|Literal\[\"exchange\"|import_module\(f\"boardroom\.games|\[\"exchange\", \"quiz\"\]|\{\"exchange\": exchange" \
  boardroom --include=*.py --include=*.js | grep -v "^boardroom/games/"
exit 0

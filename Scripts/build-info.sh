#!/usr/bin/env bash
# Writes Sources/CBuildInfo/generated/commit.h with the commit this tree is at, for
# `tunes --version`. Run by make before every build. The file is rewritten (and BuildInfo.c
# touched, so the compiler sees the change) only when its content changes, so an unchanged
# commit costs no rebuild. Outside a git checkout (a tarball, a copy without .git) the header
# says so, and the build still works.
#
#   bash Scripts/build-info.sh [REPO_ROOT]
set -euo pipefail

root=${1:-"$(dirname "$0")/.."}
cd "$root"
dir=Sources/CBuildInfo/generated
header=$dir/commit.h

commit=""
dirty=0
note=""
if command -v git >/dev/null 2>&1 && git rev-parse --is-inside-work-tree >/dev/null 2>&1 &&
  [[ "$(git rev-parse --show-toplevel 2>/dev/null)" == "$(pwd -P)" ]]; then
  commit=$(git rev-parse --short=12 HEAD 2>/dev/null || true)
  if [[ -z $commit ]]; then
    note="no commit yet"
  elif ! git diff --quiet HEAD -- 2>/dev/null; then
    dirty=1
  fi
else
  note="not built from a git checkout"
fi

content="// Written by Scripts/build-info.sh; not tracked by git.
#define TUNES_BUILD_COMMIT \"$commit\"
#define TUNES_BUILD_DIRTY $dirty
#define TUNES_BUILD_NOTE \"$note\"
"
mkdir -p "$dir"
if [[ ! -f $header ]] || [[ "$(cat "$header")
" != "$content" ]]; then
  printf '%s' "$content" >"$header"
  touch Sources/CBuildInfo/BuildInfo.c
fi

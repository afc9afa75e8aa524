#!/usr/bin/env bash
# Checks that every target under Sources/ imports only the modules its row of the table under
# "## Who may import whom" in docs/ARCHITECTURE.md allows.
#
#   bash Scripts/check-imports.sh [REPO_ROOT]     (REPO_ROOT defaults to this script's parent)
#
# The table has the columns `| target | may import |`; the second column lists module names in
# backticks, separated by commas. Every folder Sources/<Target>/ that holds .swift files (searched
# recursively) must have a row; folders without Swift files (system libraries: module.modulemap and
# shim.h) are skipped. Every import counts, also inside `#if canImport(...)` blocks, and with
# attributes and modifiers: `@testable import X`, `@preconcurrency import X`, `public import X`,
# `package import X`, `import struct X.Y` and `import X.Y` all import module X. Lines in `//` and
# `/* */` comments and in multi-line string literals are ignored.
#
# Exit status: 0 when every import is allowed, 1 when an import or a row is missing, 2 when the
# table cannot be read. Uses only bash, find, sort, xargs, grep, sed and awk.
set -euo pipefail

root=${1:-"$(dirname "$0")/.."}
cd "$root"

doc=docs/ARCHITECTURE.md
heading='## Who may import whom'

if [[ ! -f $doc ]]; then
  echo "check-imports: $doc not found" >&2
  exit 2
fi
if [[ ! -d Sources ]]; then
  echo "check-imports: no Sources/ folder in $(pwd)" >&2
  exit 2
fi

# One line per row: "target<TAB>module module ...".
table=$(awk -v heading="$heading" '
  { sub(/\r$/, "") }
  /^#+[ \t]/ { s = $0; sub(/[ \t]+$/, "", s); intable = (s == heading); next }
  !intable || !/^[ \t]*\|/ { next }
  {
    n = split($0, cell, "|")
    target = cell[2]
    gsub(/[ \t`]/, "", target)
    if (target == "" || target == "target" || target ~ /^:?-+:?$/) next
    rest = ""
    for (i = 3; i < n; i++) rest = rest cell[i]
    mods = ""
    while (match(rest, /`[^`]+`/)) {
      m = substr(rest, RSTART + 1, RLENGTH - 2)
      gsub(/[ \t]/, "", m)
      mods = mods " " m
      rest = substr(rest, RSTART + RLENGTH)
    }
    print target "\t" mods
  }
' "$doc")

if [[ -z $table ]]; then
  echo "check-imports: no table under \"$heading\" in $doc" >&2
  exit 2
fi

duplicates=$(printf '%s\n' "$table" | awk -F '\t' 'seen[$1]++ == 1 { print $1 }')

# Prints "FILE:LINE: TARGET imports MODULE, ..." for each import of a module not in `allowed`.
# shellcheck disable=SC2016
checker='
  function imported(line,   n, w, i, m) {
    gsub(/@[A-Za-z_][A-Za-z0-9_]*\([^)]*\)/, "@attribute", line)
    sub(/\/\/.*$/, "", line)
    sub(/;.*$/, "", line)
    sub(/^[ \t]+/, "", line)
    n = split(line, w, /[ \t]+/)
    i = 1
    while (i <= n && (w[i] ~ /^@/ || w[i] ~ /^(public|package|internal|fileprivate|private|open)$/))
      i++
    if (w[i] != "import") return ""
    i++
    if (w[i] ~ /^(struct|class|enum|protocol|typealias|func|var|let|actor)$/) i++
    m = w[i]
    sub(/\..*$/, "", m)
    return (m ~ /^[A-Za-z_][A-Za-z0-9_]*$/) ? m : ""
  }
  BEGIN {
    n = split(allowed, a, " ")
    for (i = 1; i <= n; i++) ok[a[i]] = 1
  }
  FNR == 1 { incomment = 0; instring = 0 }
  {
    line = $0
    sub(/\r$/, "", line)
    if (instring) {
      if (line ~ /^[ \t]*#*"""/) instring = 0
      next
    }
    if (incomment) {
      if (index(line, "*/")) incomment = 0
      next
    }
    if (line ~ /^[ \t]*\/\//) next
    if (line ~ /^[ \t]*\/\*/) {
      rest = line
      sub(/^[ \t]*\/\*/, "", rest)
      if (!index(rest, "*/")) incomment = 1
      next
    }
    if (line ~ /"""#*[ \t]*$/) { instring = 1; next }
    if (line !~ /^[ \t]*(@|public|package|internal|fileprivate|private|open|import)/) next
    m = imported(line)
    if (m != "" && !(m in ok))
      printf "%s:%d: %s imports %s, which docs/ARCHITECTURE.md does not allow\n", FILENAME, FNR, target, m
  }
'

problems=""
checked=0
for dir in Sources/*/; do
  dir=${dir%/}
  target=${dir#Sources/}
  if [[ -z $(find "$dir" -type f -name '*.swift' -print -quit) ]]; then
    continue
  fi
  checked=$((checked + 1))
  if ! row=$(printf '%s\n' "$table" | awk -F '\t' -v t="$target" '$1 == t { print $2; found = 1; exit } END { exit !found }'); then
    problems+="$dir/: target $target has no row in the table under \"$heading\" in $doc"$'\n'
    continue
  fi
  found=$(find "$dir" -type f -name '*.swift' -print0 | LC_ALL=C sort -z |
    xargs -0 -r awk -v target="$target" -v allowed="$row" "$checker")
  if [[ -n $found ]]; then
    problems+="$found"$'\n'
  fi
done

if [[ -n $duplicates ]]; then
  while IFS= read -r target; do
    problems+="$doc: target $target has more than one row under \"$heading\""$'\n'
  done <<<"$duplicates"
fi

if [[ -n $problems ]]; then
  printf '%s' "$problems" >&2
  count=$(printf '%s' "$problems" | grep -c '')
  echo "imports: $count problem(s) in $checked targets checked" >&2
  exit 1
fi
echo "imports: $checked targets checked, all allowed"

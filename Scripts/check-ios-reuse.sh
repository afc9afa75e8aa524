#!/usr/bin/env bash
# Proves the README's promise that an iOS app could link tunes' reusable core: the targets such
# an app would link reach, through Package.swift, nothing but themselves and SQLite, and their
# Swift files name no Linux module and start no process.
#
#   bash Scripts/check-ios-reuse.sh [REPO_ROOT]       (REPO_ROOT defaults to this script's parent)
#   bash Scripts/check-ios-reuse.sh --self-test       (the check must fail on broken copies)
#
# 1. The dependency closure of the core targets (below), read from `swift package dump-package`
#    (or from the JSON file in $TUNES_PACKAGE_JSON), must hold no target but the core ones and
#    CSQLite, and no product of another package.
# 2. No Swift file under Sources/<core target>/ may import Glibc, Musl, Darwin, WinSDK,
#    FoundationNetworking or Dispatch (process and thread plumbing; Foundation's POSIX calls are
#    Darwin's too), nor a C module but CSQLite, nor call posix_spawn, fork, vfork, the exec
#    family, system or popen, nor use Foundation's Process or NSTask. Comments are ignored.
#
# Exit status: 0 when the core is clean, 1 when something reaches outside it, 2 when the
# package cannot be read. Uses bash, jq, find, grep, sed and awk (and swift for the manifest).
set -euo pipefail

core=(ITunesCatalog ITunesClient TunesStorage AppArchitecture TunesFeatures Playback)
allowed_c=(CSQLite)
bad_modules='Glibc|Musl|Darwin|WinSDK|FoundationNetworking|Dispatch'

if [[ ${1:-} == --self-test ]]; then
  here=$(cd "$(dirname "$0")/.." && pwd)
  scratch=$(mktemp -d)
  trap 'rm -rf "$scratch"' EXIT
  json="$scratch/package.json"
  (cd "$here" && swift package dump-package) >"$json" 2>"$scratch/dump.err" || {
    cat "$scratch/dump.err" >&2
    exit 2
  }
  copy() {
    rm -rf "$scratch/repo"
    mkdir -p "$scratch/repo/Sources"
    for target in "${core[@]}"; do cp -R "$here/Sources/$target" "$scratch/repo/Sources/"; done
  }
  expect_failure() {
    local what=$1 package=$2
    if TUNES_PACKAGE_JSON=$package bash "$here/Scripts/check-ios-reuse.sh" "$scratch/repo" \
      >"$scratch/out" 2>&1; then
      echo "ios-reuse self-test: the check passed with $what" >&2
      cat "$scratch/out" >&2
      exit 1
    fi
    echo "ios-reuse self-test: fails as it should with $what: $(head -n 1 "$scratch/out")"
  }
  copy
  if ! TUNES_PACKAGE_JSON=$json bash "$here/Scripts/check-ios-reuse.sh" "$scratch/repo" \
    >"$scratch/out" 2>&1; then
    echo "ios-reuse self-test: the untouched copy fails" >&2
    cat "$scratch/out" >&2
    exit 1
  fi
  printf 'import Foundation\n#if canImport(Glibc)\n  import Glibc\n#endif\n' \
    >"$scratch/repo/Sources/TunesFeatures/Bad.swift"
  expect_failure "an import of Glibc in TunesFeatures" "$json"
  copy
  printf 'import Foundation\n\nfunc run() throws {\n  let p = Process()\n  try p.run()\n}\n' \
    >"$scratch/repo/Sources/Playback/Bad.swift"
  expect_failure "Process() in Playback" "$json"
  copy
  printf 'func spawn() {\n  var pid: Int32 = 0\n  _ = posix_spawn(&pid, "/bin/true", nil, nil, nil, nil)\n}\n' \
    >"$scratch/repo/Sources/ITunesClient/Bad.swift"
  expect_failure "posix_spawn in ITunesClient" "$json"
  copy
  jq '(.targets[] | select(.name == "TunesFeatures") | .dependencies) += [{"byName": ["PlaybackLive", null]}]' \
    "$json" >"$scratch/bad.json"
  expect_failure "TunesFeatures depending on PlaybackLive" "$scratch/bad.json"
  jq '(.targets[] | select(.name == "ITunesClient") | .dependencies) += [{"target": ["CCurl", null]}]' \
    "$json" >"$scratch/bad.json"
  expect_failure "ITunesClient depending on CCurl" "$scratch/bad.json"
  echo "ios-reuse self-test: 5 broken copies failed, the clean copy passed"
  exit 0
fi

root=${1:-"$(dirname "$0")/.."}
cd "$root"

if [[ -n ${TUNES_PACKAGE_JSON:-} ]]; then
  manifest=$(cat "$TUNES_PACKAGE_JSON")
else
  manifest=$(swift package dump-package 2>/dev/null) || {
    echo "check-ios-reuse: swift package dump-package failed in $(pwd)" >&2
    exit 2
  }
fi

# One line per dependency: "TARGET DEPENDENCY" (a product of another package: "TARGET product:P").
edges=$(jq -r '
  .targets[] | .name as $t | (.dependencies // [])[] |
  if has("byName") then "\($t) \(.byName[0])"
  elif has("target") then "\($t) \(.target[0])"
  elif has("product") then "\($t) product:\(.product[0])"
  else "\($t) unknown" end
' <<<"$manifest") || {
  echo "check-ios-reuse: the package description does not read as expected" >&2
  exit 2
}

declare -A seen=()
queue=("${core[@]}")
while ((${#queue[@]})); do
  target=${queue[0]}
  queue=("${queue[@]:1}")
  [[ -n ${seen[$target]:-} ]] && continue
  seen[$target]=1
  while read -r _ dependency; do
    [[ -n $dependency ]] && queue+=("$dependency")
  done < <(awk -v t="$target" '$1 == t' <<<"$edges")
done

problems=""
closure=$(printf '%s\n' "${!seen[@]}" | LC_ALL=C sort | tr '\n' ' ')
for target in "${!seen[@]}"; do
  ok=""
  for name in "${core[@]}" "${allowed_c[@]}"; do [[ $target == "$name" ]] && ok=1; done
  if [[ -z $ok ]]; then
    via=""
    while read -r from; do
      [[ -n ${seen[$from]:-} ]] && via+="$from "
    done < <(awk -v d="$target" '$2 == d { print $1 }' <<<"$edges")
    problems+="Package.swift: the iOS core reaches $target (through ${via% })"$'\n'
  fi
done

for target in "${core[@]}"; do
  dir="Sources/$target"
  if [[ ! -d $dir ]]; then
    problems+="$dir: no such folder"$'\n'
    continue
  fi
  found=$(find "$dir" -type f -name '*.swift' -print0 | LC_ALL=C sort -z |
    xargs -0 -r awk -v bad="^($bad_modules)\$" -v allowed_c="${allowed_c[*]}" '
      BEGIN { n = split(allowed_c, a, " "); for (i = 1; i <= n; i++) okc[a[i]] = 1 }
      FNR == 1 { incomment = 0 }
      {
        line = $0
        if (incomment) {
          if (!index(line, "*/")) next
          sub(/^.*\*\//, "", line)
          incomment = 0
        }
        gsub(/\/\*.*\*\//, "", line)
        if (index(line, "/*")) { sub(/\/\*.*$/, "", line); incomment = 1 }
        sub(/\/\/.*$/, "", line)
        code = line
        gsub(/"([^"\\]|\\.)*"/, "\"\"", code)
        if (match(line, /^[ \t]*(@[A-Za-z_]+[ \t]+)*((public|package|internal)[ \t]+)?import[ \t]+((struct|class|enum|func|var|let|typealias|protocol)[ \t]+)?[A-Za-z_][A-Za-z0-9_]*/)) {
          m = substr(line, RSTART, RLENGTH)
          sub(/^.*[ \t]/, "", m)
          if (m ~ bad)
            printf "%s:%d: imports %s\n", FILENAME, FNR, m
          else if (m ~ /^C[A-Z]/ && !(m in okc))
            printf "%s:%d: imports the C module %s\n", FILENAME, FNR, m
        }
        if (match(code, /(^|[^A-Za-z0-9_.])(posix_spawnp?|fork|vfork|execv|execve|execvp|execvpe|execl|execle|execlp|fexecve|system|popen)[ \t]*\(/))
          printf "%s:%d: starts a process: %s\n", FILENAME, FNR, substr(code, RSTART, RLENGTH)
        if (match(code, /(^|[^A-Za-z0-9_])(Foundation\.)?(Process|NSTask)[ \t]*(\(|\.|\))/) ||
          match(code, /:[ \t]*(Foundation\.)?(Process|NSTask)([^A-Za-z0-9_]|$)/))
          printf "%s:%d: uses Process: %s\n", FILENAME, FNR, substr(code, RSTART, RLENGTH)
      }')
  [[ -n $found ]] && problems+="$found"$'\n'
done

if [[ -n $problems ]]; then
  printf '%s' "$problems" >&2
  echo "ios-reuse: the iOS core (${core[*]}) is not clean; it reaches: ${closure% }" >&2
  exit 1
fi
echo "ios-reuse: ${core[*]} reach only ${closure% }; no Linux module, no process"

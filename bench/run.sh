#!/usr/bin/env bash
# make bench: every figure is printed next to a baseline measured in the same run. Nothing is asserted.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=.build/release
SHARED=${TUNES_SHARED_FIXTURES:-../shared/fixtures/itunes}
WORK=$(mktemp -d /tmp/tunes-bench.XXXXXX)
cleanup() { [ -n "${REPLAY_PID:-}" ] && kill "$REPLAY_PID" 2>/dev/null; rm -rf "$WORK"; }
trap cleanup EXIT

echo "== tunes benchmarks ($(nproc) cores, $(date -u +%Y-%m-%dT%H:%M:%SZ))"
python3 bench/make-fixtures.py "$SHARED" "$WORK/rec" >/dev/null

# In-process figures: decode, cache hit vs fetch, rendering.
"$BIN/tunes-bench" "$WORK/rec"

# A replay server for the cold-process figures.
"$BIN/tunes" replay "$WORK/rec" --port 0 --quiet >"$WORK/replay.out" 2>&1 &
REPLAY_PID=$!
for _ in $(seq 1 100); do grep -q "Replaying" "$WORK/replay.out" 2>/dev/null && break; sleep 0.05; done
BASE=$(sed -n 's/^Replaying .* at \(http[^ ]*\).*/\1/p' "$WORK/replay.out")
URL="$BASE/search?term=bench&limit=200"
export HOME="$WORK/home" XDG_DATA_HOME="$WORK/home/data" XDG_CACHE_HOME="$WORK/home/cache" \
  XDG_CONFIG_HOME="$WORK/home/config" TUNES_API_BASE="$BASE"
mkdir -p "$HOME"

# Artwork: 200 artworks through the live pipeline against this server, in a process of its own.
"$BIN/tunes-bench" artwork-memory "$BASE"
# The screen with artwork, against a replay server of its own (a fresh budget of 20 searches a
# minute for its 18) run at nice 19: it stands in for Apple's
# image servers, which take nothing from this machine, and drawing each JPEG on request it
# would otherwise compete with the frames it is there to feed.
nice -n 19 "$BIN/tunes" replay "$WORK/rec" --port 0 --quiet >"$WORK/replay-art.out" 2>&1 &
ART_PID=$!
for _ in $(seq 1 100); do grep -q "Replaying" "$WORK/replay-art.out" 2>/dev/null && break; sleep 0.05; done
ART_BASE=$(sed -n 's/^Replaying .* at \(http[^ ]*\).*/\1/p' "$WORK/replay-art.out")
# Under load this one has given up after 30 s (0 tiles shown); say so and go on to the rest.
"$BIN/tunes-bench" artwork-screen "$ART_BASE" || echo "artwork on screen: failed (above), the rest goes on"
kill "$ART_PID" 2>/dev/null || true

RUNS=20
# Cold starts (bench/startup.py): tunes --version against a static Swift hello world built now,
# a search as a person runs it (history, cache) and fetched against curl|jq, the demo.
swiftc -O -static-stdlib bench/hello.swift -o "$WORK/hello" 2>/dev/null
python3 bench/startup.py "$BIN/tunes" "$WORK/hello" "$BASE" $RUNS
# The app's own start-up: launch to first frame minus tunes --version, same pty harness.
(unset SWIFT_BACKTRACE; python3 bench/launch.py first-frame "$BIN/tunes")

# The same work both ways: fetch the 200 results and print one JSON object a line.
tunes_ms=$(python3 bench/cold.py $RUNS "$BIN/tunes search bench --limit 200 --format ndjson --no-cache --no-history")
curl_ms=$(python3 bench/cold.py $RUNS "curl -s '$URL' | jq -c '.results[]'")
ratio=$(python3 -c "print(f'{$tunes_ms/$curl_ms:.2f}')")
echo "CLI cold, 200 results as ndjson: tunes ${tunes_ms} ms vs curl|jq ${curl_ms} ms (median of $RUNS); ratio $ratio (goal <= 0.5)"

# Keeping watch: 1,000 watched items, and a 174-storefront sweep resumed after SIGINT (paced as
# Apple asks, so about nine minutes), each against a replay server of its own.
python3 bench/watch.py "$BIN/tunes" "$SHARED" "$WORK"

# tunes mcp: a tool answer from the response cache vs a ping, through the real pipes: 200
# results from the bench's recording, 25 and 50 from the shared recordings (a replay of its own).
python3 bench/mcp.py 200 "$BIN/tunes" bench 200
"$BIN/tunes" replay "$SHARED" --port 0 --quiet >"$WORK/replay-shared.out" 2>&1 &
SHARED_PID=$!
for _ in $(seq 1 100); do grep -q "Replaying" "$WORK/replay-shared.out" 2>/dev/null && break; sleep 0.05; done
SHARED_BASE=$(sed -n 's/^Replaying .* at \(http[^ ]*\).*/\1/p' "$WORK/replay-shared.out")
for limit in 25 50; do
  TUNES_API_BASE="$SHARED_BASE" python3 bench/mcp.py 200 "$BIN/tunes" "jack johnson" $limit
done
kill "$SHARED_PID" 2>/dev/null || true

# Favourites: 10,000 of them, listed by a cold process.
python3 - "$WORK/fav.json" <<'PY'
import json, sys
items = [{"id": 1000000 + n, "kind": "song", "title": f"Song {n}", "author": "Artist", "price": 1.29,
          "currency": "USD", "durationMillis": 200000, "releaseDate": "2005-03-01T08:00:00Z"}
         for n in range(10000)]
json.dump(items, open(sys.argv[1], "w"))
PY
"$BIN/tunes" favorites import "$WORK/fav.json" 2>/dev/null
fav_ms=$(python3 bench/cold.py 10 "$BIN/tunes favorites list --format ndjson")
fav_table_ms=$(python3 bench/cold.py 10 "$BIN/tunes favorites list")
version_ms=$(python3 bench/cold.py 10 "$BIN/tunes --version")
echo "favorites list, 10,000 favourites, cold process: ndjson ${fav_ms} ms, table ${fav_table_ms} ms (baseline: tunes --version ${version_ms} ms)"

# Favourites table vs ndjson in instructions (callgrind), the same 10,000 as above.
if command -v valgrind >/dev/null; then
  count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
    sed -n 's/.*refs: *//p' | tr -d ,; }
  "$BIN/tunes" favorites list --format ndjson >/dev/null
  nd_ir=$(count "$BIN/tunes" favorites list --format ndjson || true)
  tb_ir=$(count "$BIN/tunes" favorites list || true)
  if [ -n "$nd_ir" ] && [ -n "$tb_ir" ]; then
    echo "favorites list, 10,000, instructions: table $((tb_ir / 1000000)) M vs ndjson $((nd_ir / 1000000)) M; ratio $(python3 -c "print(f'{$tb_ir/$nd_ir:.2f}')") (goal <= 1.3)"
  else
    # Valgrind 3.19 gives up on some release binaries' debug info ("Possibly corrupted").
    echo "favorites list, 10,000, instructions: skipped, callgrind could not run the binary"
  fi
fi


# A search (which records its history) with 20,000 favourites in tunes.sqlite vs an empty one:
# opening the database must not cost more as it grows.
empty_home="$WORK/empty"
mkdir -p "$empty_home"
search="$BIN/tunes search bench --limit 200 --format ndjson"
empty_ms=$(XDG_DATA_HOME="$empty_home/data" python3 bench/cold.py $RUNS "$search")
python3 - "$WORK/fav20k.json" <<'PY'
import json, sys
items = [{"id": 2000000 + n, "kind": "song", "title": f"Song {n}", "author": "Artist",
          "description": "x" * 3000} for n in range(20000)]
json.dump(items, open(sys.argv[1], "w"))
PY
"$BIN/tunes" favorites import "$WORK/fav20k.json" 2>/dev/null
db_mb=$(python3 -c "import os;print(round(os.path.getsize('$XDG_DATA_HOME/tunes/tunes.sqlite')/1e6))")
full_ms=$(python3 bench/cold.py $RUNS "$search")
ratio=$(python3 -c "print(f'{$full_ms/$empty_ms:.2f}')")
echo "tunes search with 30,000 favourites (${db_mb} MB database) vs an empty database: ${full_ms} ms vs ${empty_ms} ms; ratio $ratio (goal <= 1.1)"

# The app's launch to its first frame with 20,000 favourites (a database of their own) vs an
# empty database, on a pseudo-terminal; see bench/launch.py.
fav_home="$WORK/fav20k"
mkdir -p "$fav_home"
XDG_DATA_HOME="$fav_home" "$BIN/tunes" favorites import "$WORK/fav20k.json" >/dev/null 2>&1
fav_mb=$(python3 -c "import os;print(round(os.path.getsize('$fav_home/tunes/tunes.sqlite')/1e6))")
echo "app launch: 20,000 favourites in a ${fav_mb} MB database vs an empty one"
python3 bench/launch.py favourites "$BIN/tunes" "$empty_home/data" "$fav_home"

# Large favourites: the favourites screen, favorites list in every format and launch with 10k,
# 50k and 100k favourites, each against an empty database in the same run (bench/favourites.py).
python3 bench/favourites.py "$BIN/tunes" "$WORK" "${FAV_RUNS:-7}"

# Bulk lookups and pacing shared by processes (a little over a minute).
python3 bench/holdup.py "$BIN/tunes" "$SHARED" "$WORK"

if [ -x bench/tui.sh ]; then bash bench/tui.sh "$BIN" "$BASE" "$WORK"; fi

# Listening (issue 18): key to first audio, the gap in the queue, playerctl metadata, idle CPU with
# MPRIS connected; the real app in tmux with mpv, its baselines from the bare player. See the script.
if command -v mpv >/dev/null && command -v playerctl >/dev/null && command -v dbus-daemon >/dev/null &&
  command -v ffmpeg >/dev/null && command -v tmux >/dev/null; then
  python3 bench/queue.py "$BIN/tunes" "$BIN/tunes-bench" "$WORK/rec" "$WORK" "${QUEUE_RUNS:-3}"
else
  echo "== listening: skipped, needs mpv, playerctl, dbus-daemon, ffmpeg and tmux (make deps)"
fi

#!/usr/bin/env bash
# make soak: the terminal app in tmux for SOAK_MINUTES (default 10) against the replay server
# with random faults, driven by random keys, mouse events and resizes. Fails (exit 1) on a crash,
# a hang (a probe key not answered within SOAK_PROBE_MS, default 1000), RSS after the first
# minute growing by SOAK_RSS_GROWTH percent (default 20) or more by the end, or a terminal not
# restored after q. Not part of `make test`.
#
#   SOAK_MINUTES=10       how long to drive the app
#   SOAK_SEED=N           replay a run: the keys, sizes and the server's faults come from it
#                         (printed at the start; default: a fresh one)
#   SOAK_BIN=PATH         the tunes binary (default .build/release/tunes, as `make run` builds it)
#   SOAK_FAULT_RATE=0.2   the share of the server's answers that get a fault
#   SOAK_KEEP=1           keep the work folder (logs, screens) after a passing run
#
# Every choice comes from bash's RANDOM seeded with SOAK_SEED, so the same seed sends the same
# keys in the same order; what the app shows in between still depends on timing (answers and
# faults arrive when they arrive).
#
# The probe: after every burst the window is set to 120x40, then F1 (which opens the key help
# from every screen and every focus, the query box included) must show the help box within the
# bound, and F1 again must close it. The latency is from send-keys to the first capture showing
# the change.
set -uo pipefail
cd "$(dirname "$0")/.."

MINUTES=${SOAK_MINUTES:-10}
SEED=${SOAK_SEED:-$(($(date +%s%N) % 1000000007))}
BIN=${SOAK_BIN:-.build/release/tunes}
FAULT_RATE=${SOAK_FAULT_RATE:-0.2}
PROBE_MS=${SOAK_PROBE_MS:-1000}
RSS_GROWTH=${SOAK_RSS_GROWTH:-20}
SHARED=${TUNES_SHARED_FIXTURES:-../shared/fixtures/itunes}
TUNES="$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")"
[ -x "$TUNES" ] || { echo "soak: $BIN is not built (make release, or SOAK_BIN=…)" >&2; exit 2; }
[ -d "$SHARED" ] || { echo "soak: no recordings at $SHARED (TUNES_SHARED_FIXTURES)" >&2; exit 2; }
command -v tmux >/dev/null || { echo "soak: needs tmux" >&2; exit 2; }

WORK=$(mktemp -d /tmp/tunes-soak.XXXXXX)
SOCKET="tunes-soak-$$"
T() { tmux -L "$SOCKET" "$@"; }
REPLAY_PID=""
cleanup() {
  T kill-server 2>/dev/null
  [ -n "$REPLAY_PID" ] && kill "$REPLAY_PID" 2>/dev/null && wait "$REPLAY_PID" 2>/dev/null
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCKET"
}
trap cleanup EXIT

now_ms() { echo $(($(date +%s%N) / 1000000)); }
echo "== soak: ${MINUTES} min, seed ${SEED} (SOAK_SEED=${SEED} to replay), $TUNES, work $WORK"
RANDOM=$SEED
# A number in 0...$1-1.
rnd() { echo $((RANDOM % $1)); }

# The replay server on the shared recordings, answering every search and lookup they can, with
# a random share of faulted answers drawn from the same seed.
"$TUNES" replay "$SHARED" --catalog --port 0 --random-faults "$SEED" --fault-rate "$FAULT_RATE" \
  >"$WORK/replay.out" 2>"$WORK/replay.log" &
REPLAY_PID=$!
for _ in $(seq 1 200); do grep -q "^Replaying" "$WORK/replay.out" 2>/dev/null && break; sleep 0.05; done
BASE=$(sed -n 's/^Replaying .* at \(http[^ ]*\).*/\1/p' "$WORK/replay.out")
[ -n "$BASE" ] || { echo "soak: the replay server did not start:"; cat "$WORK/replay.log"; exit 1; }
sed -n 's/^Random faults/  replay server: random faults/p' "$WORK/replay.out"

# A private home: data, cache, config, the shared pacing file. Previews play as sound only into
# nothing (a video in the terminal would hold the screen and the probe with it).
H="$WORK/home"
mkdir -p "$H/data" "$H/cache" "$H/config/tunes" "$H/run" "$WORK/bin"
chmod 700 "$H/run"
# Links (o, a) go to a stub that only counts them.
printf '#!/bin/sh\necho "$*" >> "%s/opened"\n' "$WORK" >"$WORK/bin/xdg-open"
chmod +x "$WORK/bin/xdg-open"
echo '{"video": "audio", "mpvOptions": "--ao=null"}' >"$H/config/tunes/config.json"
APP_ENV=(-e HOME="$H" -e XDG_DATA_HOME="$H/data" -e XDG_CACHE_HOME="$H/cache"
  -e XDG_CONFIG_HOME="$H/config" -e XDG_RUNTIME_DIR="$H/run" -e TUNES_API_BASE="$BASE"
  -e TUNES_MEDIA_BASE="$BASE/media" -e TUNES_LOG="$WORK/tunes.log" -e LANG=C.UTF-8
  -e TERM=tmux-256color -e SWIFT_BACKTRACE=enable=yes,interactive=no -e DISPLAY= -e WAYLAND_DISPLAY=)
# The pane runs the app under sh, which afterwards records the exit status and the terminal's
# modes (stty -a) and then waits, so tmux can still be asked about the pane. PATH is set here:
# the pane's shell would replace one given with -e.
PANE="PATH=\"$WORK/bin:\$PATH\"; export PATH; \"$TUNES\"; echo \$? > \"$WORK/exit\"; stty -a > \"$WORK/stty\"; exec sleep 86400"
T -f /dev/null new-session -d -s soak -x 120 -y 40 "${APP_ENV[@]}" "sh -c '$PANE'" \; \
  set-option -g status off
SH_PID=$(T display -p -t soak '#{pane_pid}')
APP_PID=""
for _ in $(seq 1 250); do
  APP_PID=$(pgrep -P "$SH_PID" | head -1)
  [ -n "$APP_PID" ] && break
  sleep 0.02
done
[ -n "$APP_PID" ] || { echo "soak: the app did not start"; exit 1; }

screen() { T capture-pane -p -t soak 2>/dev/null; }
FAILURES=()
fail() {
  FAILURES+=("$1")
  echo "FAIL: $1"
  screen >"$WORK/screen.fail.$((${#FAILURES[@]}))" 2>/dev/null
}
alive() { kill -0 "$APP_PID" 2>/dev/null && [ ! -s "$WORK/exit" ]; }
rss_kb() { awk '/^VmRSS/ {print $2}' "/proc/$APP_PID/status" 2>/dev/null; }

# Waits until the screen does (want=1) or does not (want=0) show the help box; prints the ms
# taken, or "timeout" after 5 s.
HELP_MARK="╭ Keys "
wait_help() {
  local want=$1 start=$2 deadline=$(($2 + 5000)) t
  while :; do
    if screen | grep -qF -- "$HELP_MARK"; then [ "$want" = 1 ] && break
    else [ "$want" = 0 ] && break; fi
    t=$(now_ms)
    [ "$t" -ge "$deadline" ] && { echo timeout; return; }
    sleep 0.01
  done
  echo $(($(now_ms) - start))
}

# Wait for the first frame.
for _ in $(seq 1 500); do screen | grep -q "tunes" && break; sleep 0.02; done

KEYS=0 MOUSE=0 RESIZES=0 PROBES=0 WORST_PROBE=0 BURSTS=0
RSS_FIRST="" RSS_MAX=0
# Queries are typed into whatever has the focus, so they hold no q (it would quit outside the
# query box) and no d (it would switch to the demo catalogue, away from the faults).
QUERIES=("jack johnson" "björk" "bench" "slayer" "travis scott" "missy" "a" "zz" "東京"
  "Ünïcödé" "🎸 rock" "the" "x y z" "facebook" "ab%20c" "'\"<>&" "elliott" "night at the opera")
# Named keys tmux knows; Ctrl-C and Ctrl-Z are left out (they end or stop the app).
NAMED=(Enter Enter Enter Escape Escape Up Down Down Left Right Tab BTab PageUp PageDown Home End
  BSpace Space C-w C-u C-k C-a C-e)
# Single letters typed at random: any but q and d (see above). o and a open links: a stub
# xdg-open on the PATH counts them.
ALPHABET=abcefghijklmnoprstuvwxyz
LETTERS=(/ h H F '?' f r c A g G v '*' j k l p s o a S m , . 1 2 x n)

send_key() {
  case $(rnd 10) in
    0 | 1 | 2 | 3) T send-keys -t soak "${NAMED[$(rnd ${#NAMED[@]})]}" ;;
    4 | 5 | 6 | 7) T send-keys -t soak -l -- "${LETTERS[$(rnd ${#LETTERS[@]})]}" ;;
    8) T send-keys -t soak -l -- "${QUERIES[$(rnd ${#QUERIES[@]})]}"
      [ "$(rnd 2)" = 0 ] && T send-keys -t soak Enter ;;
    9) T send-keys -t soak -l -- "${ALPHABET:$(rnd ${#ALPHABET}):1}" ;;
  esac
  KEYS=$((KEYS + 1))
}
# SGR mouse reports (ESC [ < button ; column ; row M/m): a click (press and release) or a wheel
# step, anywhere in the window.
send_mouse() {
  local width height x y button hex
  width=$(T display -p -t soak '#{window_width}') height=$(T display -p -t soak '#{window_height}')
  x=$(($(rnd "$width") + 1)) y=$(($(rnd "$height") + 1))
  case $(rnd 4) in
    0 | 1) button=0 ;;
    2) button=64 ;;
    3) button=65 ;;
  esac
  hex() { printf '%s' "$1" | od -An -tx1 | tr -s ' \n' ' '; }
  # shellcheck disable=SC2046
  T send-keys -t soak -H $(hex $'\e'"[<${button};${x};${y}M")
  if [ "$button" = 0 ]; then
    # shellcheck disable=SC2046
    T send-keys -t soak -H $(hex $'\e'"[<0;${x};${y}m")
  fi
  MOUSE=$((MOUSE + 1))
}
send_resize() {
  local sizes=("80x24" "120x40" "200x60" "60x20" "40x12" "160x50" "100x30" "30x8" "59x24" "61x24")
  local size=${sizes[$(rnd ${#sizes[@]})]}
  T resize-window -t soak -x "${size%x*}" -y "${size#*x}"
  RESIZES=$((RESIZES + 1))
}

probe() {
  T resize-window -t soak -x 120 -y 40
  sleep 0.2
  # An open help box (a random ? or F1 key) is closed first.
  if screen | grep -qF -- "$HELP_MARK"; then
    T send-keys -t soak Escape
    [ "$(wait_help 0 "$(now_ms)")" = timeout ] && { fail "the help box did not close on Esc"; return; }
  fi
  # Which screen the burst left: the header's first breadcrumb (a detail's kind, Favourites),
  # else the search screen; an overlay or a notice by its box title.
  local shown
  shown=$(screen)
  {
    printf '%s' "$(printf '%s\n' "$shown" | head -1 | sed -n 's/^ *♪ tunes[^›]*›  \(\([^ ]\| [^ ]\)*\).*/\1/p')"
    [ -z "$(printf '%s\n' "$shown" | head -1 | grep '›')" ] && printf 'search'
    printf '%s\n' "$shown" | grep -q '╭ Filters' && printf ' + filters'
    printf '%s\n' "$shown" | grep -q '╭ Settings' && printf ' + settings'
    echo
  } >>"$WORK/screens"
  local start opened closed
  start=$(now_ms)
  T send-keys -t soak F1
  opened=$(wait_help 1 "$start")
  start=$(now_ms)
  T send-keys -t soak F1
  closed=$(wait_help 0 "$start")
  PROBES=$((PROBES + 1))
  if [ "$opened" = timeout ] || [ "$closed" = timeout ]; then
    fail "probe $PROBES: F1 not answered within 5 s (open ${opened}, close ${closed})"
    return
  fi
  for t in "$opened" "$closed"; do [ "$t" -gt "$WORST_PROBE" ] && WORST_PROBE=$t; done
  if [ "$opened" -gt "$PROBE_MS" ] || [ "$closed" -gt "$PROBE_MS" ]; then
    fail "probe $PROBES: F1 answered in ${opened} ms / ${closed} ms (bound ${PROBE_MS} ms)"
  fi
}

START=$(now_ms)
END=$((START + MINUTES * 60000))
FIRST_MINUTE=$((START + 60000))
while [ "$(now_ms)" -lt "$END" ]; do
  BURSTS=$((BURSTS + 1))
  events=$((10 + $(rnd 40)))
  for _ in $(seq 1 "$events"); do
    case $(rnd 20) in
      0 | 1) send_mouse ;;
      2) [ "$(rnd 3)" = 0 ] && send_resize || send_key ;;
      *) send_key ;;
    esac
    # Mostly fast typing, now and then a pause long enough for answers to land.
    case $(rnd 10) in
      0) sleep 0.$((200 + $(rnd 700))) ;;
      *) sleep 0.0$(rnd 5) ;;
    esac
  done
  if ! alive; then
    fail "the app exited during burst $BURSTS (exit status $(cat "$WORK/exit" 2>/dev/null))"
    break
  fi
  probe
  alive || { fail "the app exited during probe $PROBES"; break; }
  rss=$(rss_kb)
  [ -n "$rss" ] && [ "$rss" -gt "$RSS_MAX" ] && RSS_MAX=$rss
  if [ -z "$RSS_FIRST" ] && [ "$(now_ms)" -ge "$FIRST_MINUTE" ]; then RSS_FIRST=$rss; fi
  echo "$(($(now_ms) - START)) $rss" >>"$WORK/rss"
  # A line a minute, so a long run shows it is moving.
  if [ $((BURSTS % 20)) = 0 ]; then
    echo "  $(((($(now_ms) - START)) / 1000)) s: $KEYS keys, $MOUSE mouse, $RESIZES resizes," \
      "$PROBES probes (worst ${WORST_PROBE} ms), RSS $((rss / 1024)) MiB"
  fi
done
ELAPSED_S=$((($(now_ms) - START) / 1000))
RSS_END=$(rss_kb)

# Quit and check the terminal was given back.
RESTORED="not checked"
if alive; then
  T resize-window -t soak -x 120 -y 40
  screen | grep -qF -- "$HELP_MARK" && T send-keys -t soak Escape
  # q quits outside the query box; Esc leaves the box first (twice: once for suggestions).
  for _ in 1 2 3; do
    T send-keys -t soak Escape
    sleep 0.1
    T send-keys -t soak -l q
    for _ in $(seq 1 100); do [ -s "$WORK/stty" ] && break; sleep 0.05; done
    [ -s "$WORK/stty" ] && break
  done
  if [ ! -s "$WORK/stty" ]; then
    fail "q did not quit the app"
  else
    status=$(cat "$WORK/exit")
    alt=$(T display -p -t soak '#{alternate_on}')
    cursor=$(T display -p -t soak '#{cursor_flag}')
    mouse=$(T display -p -t soak '#{mouse_any_flag}')
    problems=()
    [ "$status" = 0 ] || problems+=("exit status $status")
    [ "$alt" = 0 ] || problems+=("still on the alternate screen")
    [ "$cursor" = 1 ] || problems+=("cursor hidden")
    [ "$mouse" = 0 ] || problems+=("mouse reporting left on")
    grep -qE '(^| )echo( |$)' "$WORK/stty" || problems+=("echo off")
    grep -qE '(^| )icanon( |$)' "$WORK/stty" || problems+=("icanon off")
    if [ ${#problems[@]} = 0 ]; then
      RESTORED="yes (exit 0, main screen, cursor shown, mouse off, echo and icanon on)"
    else
      RESTORED="no: ${problems[*]}"
      fail "terminal not restored after q: ${problems[*]}"
    fi
  fi
fi

# The server logs hung requests when it stops.
kill "$REPLAY_PID" 2>/dev/null && wait "$REPLAY_PID" 2>/dev/null
REPLAY_PID=""
REQUESTS=$(grep -c '^replay: ' "$WORK/replay.log")
FAULTS=$(grep -c '\[fault ' "$WORK/replay.log")
FAULT_KINDS=$(sed -n 's/.*\[fault \([a-z0-9-]*\)[=]*\([0-9]*\).*\]/\1\2/p' "$WORK/replay.log" |
  sed 's/^delay.*/delay/' | sort | uniq -c | awk '{printf "%s %s, ", $1, $2}' | sed 's/, $//')

if [ -n "$RSS_FIRST" ] && [ -n "$RSS_END" ]; then
  GROWTH=$(python3 -c "print(f'{($RSS_END - $RSS_FIRST) * 100 / $RSS_FIRST:.1f}')")
  if python3 -c "import sys; sys.exit(0 if $RSS_END < $RSS_FIRST * (1 + $RSS_GROWTH / 100) else 1)"; then :; else
    fail "RSS grew ${GROWTH} % after the first minute (bound ${RSS_GROWTH} %)"
  fi
  RSS_LINE="after the first minute $((RSS_FIRST / 1024)) MiB (${RSS_FIRST} kB), at the end $((RSS_END / 1024)) MiB (${RSS_END} kB): ${GROWTH} % (bound < ${RSS_GROWTH} %); peak sampled $((RSS_MAX / 1024)) MiB"
else
  RSS_LINE="not measured (the run was shorter than a minute or the app had gone)"
  [ "$MINUTES" -ge 2 ] && fail "RSS not measured"
fi

echo "== soak summary (seed $SEED)"
echo "  ran ${ELAPSED_S} s in $BURSTS bursts: $KEYS keys, $MOUSE mouse events, $RESIZES resizes"
echo "  replay server: $REQUESTS requests, $FAULTS faulted ($FAULT_KINDS)"
echo "  links opened (stub xdg-open): $(cat "$WORK/opened" 2>/dev/null | wc -l)"
echo "  screens at the probes: $(sort "$WORK/screens" | uniq -c | sort -rn |
  awk '{n=$1; $1=""; printf "%s%s %d", sep, substr($0, 2), n; sep=", "}')"
echo "  probes: $PROBES, worst latency ${WORST_PROBE} ms (bound ${PROBE_MS} ms)"
echo "  RSS: $RSS_LINE"
echo "  terminal restored after q: $RESTORED"
if [ ${#FAILURES[@]} -gt 0 ]; then
  echo "  FAILED (${#FAILURES[@]}): ${FAILURES[*]}"
  echo "  logs and screens kept in $WORK"
  exit 1
fi
echo "  passed"
[ "${SOAK_KEEP:-0}" = 1 ] && echo "  work folder kept: $WORK" || rm -rf "$WORK"
exit 0

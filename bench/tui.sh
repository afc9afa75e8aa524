#!/usr/bin/env bash
# Terminal app figures for `make bench`, with real processes: printed next to a baseline measured in
# the same run, never asserted. Called by bench/run.sh as `bench/tui.sh BIN BASE WORK`:
#   BIN   folder holding the release `tunes`
#   BASE  replay server URL recording /search?term=bench&limit=200 (200 results)
#   WORK  a temporary folder (removed by run.sh)
# 1. launch to first frame, two ways: on a pseudo-terminal (Python pty, 120x40, answering the
#    app's device-attributes query as a terminal would) from fork/exec until the query box's text
#    arrives, baseline `tunes --version` until its output and exit in the same harness; and in
#    tmux from the wrapper's clock reading just before `exec tunes` to the `start` line tunes
#    logs to TUNES_LOG (millisecond stamps) immediately before rendering its first frame.
# 2. CPU ticks (utime+stime from /proc/PID/stat) over 10 s with the app open and idle in tmux,
#    at the welcome screen and with 200 results on screen; baseline: an idle `cat` in tmux.
# 3. peak RSS (VmHWM) after searching 200 results; baseline: the same process after its first frame.
set -euo pipefail
BIN=${1:?usage: bench/tui.sh BIN BASE WORK}
BASE=${2:?usage: bench/tui.sh BIN BASE WORK}
WORK=${3:?usage: bench/tui.sh BIN BASE WORK}
TUNES="$(cd "$BIN" && pwd)/tunes"
DIR="$WORK/tui"
mkdir -p "$DIR/home" "$DIR/config/tunes"
export HOME="$DIR/home" XDG_DATA_HOME="$DIR/data" XDG_CACHE_HOME="$DIR/cache" \
  XDG_CONFIG_HOME="$DIR/config" TUNES_API_BASE="$BASE" LANG=C.UTF-8
# SWIFT_BACKTRACE stays unset, as for a person: tunes then re-execs itself once (backtrace safety).
unset SWIFT_BACKTRACE
# The app searches with the persisted filters: 200 results, the recorded request.
echo '{"filters":{"limit":200}}' >"$XDG_CONFIG_HOME/tunes/config.json"
PLACEHOLDER="songs, albums, artists"
SOCKET="tunes-bench-$$"
TICKS_PER_SECOND=$(getconf CLK_TCK)
IDLE_SECONDS=10
cleanup_tmux() {
  tmux -L "$SOCKET" kill-server 2>/dev/null || true
  rm -f "${TMUX_TMPDIR:-/tmp}/tmux-$(id -u)/$SOCKET"
}
trap cleanup_tmux EXIT

echo "== terminal app ($(nproc) cores)"
if [ ! -x "$TUNES" ]; then echo "  skipped: $TUNES not built"; exit 0; fi

# Launch: median of 20, interleaved with the baseline so both see the same load.
python3 "$(dirname "$0")/launch.py" first-frame "$TUNES"

# Starts COMMAND in a fresh tmux window NAME (120x40); the wrapper writes the pid to NAME.pid.
start_in_tmux() {
  local name=$1 command=$2
  rm -f "$DIR/$name.pid"
  local wrapper="echo \$\$ > $DIR/$name.pid; exec $command"
  if tmux -L "$SOCKET" has-session 2>/dev/null; then
    tmux -L "$SOCKET" new-session -d -s "$name" -x 120 -y 40 "$wrapper"
  else
    tmux -L "$SOCKET" -f /dev/null new-session -d -s "$name" -x 120 -y 40 "$wrapper" \; \
      set-option -g status off
  fi
  for _ in $(seq 1 500); do [ -s "$DIR/$name.pid" ] && break; sleep 0.02; done
  cat "$DIR/$name.pid"
}
# Polls NAME's pane until it shows TEXT (15 s bound); returns 1 on timeout.
wait_for() {
  local name=$1 text=$2
  for _ in $(seq 1 750); do
    tmux -L "$SOCKET" capture-pane -p -t "$name" | grep -qF -- "$text" && return 0
    sleep 0.02
  done
  return 1
}
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
# Ticks over IDLE_SECONDS, after SETTLE_SECONDS for the work that follows a screen change (history,
# cache writes) to finish.
SETTLE_SECONDS=1
idle_ticks() {
  local before after
  sleep "$SETTLE_SECONDS"
  before=$(ticks "$1")
  sleep "$IDLE_SECONDS"
  after=$(ticks "$1")
  echo $((after - before))
}
hwm() { awk '/^VmHWM/ {print $2}' "/proc/$1/status"; }

# Launch in tmux, from the wrapper's clock to the app's "start" log line (just before frame one).
launch_ms=()
for run in $(seq 1 10); do
  log="$DIR/launch.$run.log"
  rm -f "$log"
  tmux -L "$SOCKET" -f /dev/null new-session -d -s "launch$run" -x 120 -y 40 \
    -e TUNES_LOG="$log" "date +%s%N > $DIR/launch.$run.t0; exec $TUNES" \; \
    set-option -g status off
  for _ in $(seq 1 500); do grep -q " start " "$log" 2>/dev/null && break; sleep 0.02; done
  tmux -L "$SOCKET" send-keys -t "launch$run" C-c
  stamp=$(awk '/ start / {print $1; exit}' "$log" 2>/dev/null || true)
  if [ -n "$stamp" ]; then
    launch_ms+=("$(python3 -c "print(f'{$stamp * 1000 - $(cat "$DIR/launch.$run.t0") / 1e6:.1f}')")")
  fi
done
if [ ${#launch_ms[@]} -gt 0 ]; then
  median=$(printf '%s\n' "${launch_ms[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "  launch to first frame, tmux 120x40 (exec to the logged start of frame one, median of" \
    "${#launch_ms[@]}): ${median} ms (goal <= 50 ms)"
else
  echo "  launch to first frame in tmux: no start line in TUNES_LOG"
fi

cat_pid=$(start_in_tmux idlecat "cat")
app_pid=$(start_in_tmux app "$TUNES")
if ! wait_for app "$PLACEHOLDER"; then
  echo "  idle CPU / RSS: skipped, the app did not draw its query box:"
  tmux -L "$SOCKET" capture-pane -p -t app | sed -n '1,5p;$p' | sed 's/^/    /'
  exit 0
fi
first_hwm=$(hwm "$app_pid")
# Measured concurrently: the app at its welcome screen and the idle cat, over the same 10 s.
cat_ticks_file="$DIR/cat.ticks"
(idle_ticks "$cat_pid" >"$cat_ticks_file") &
welcome_ticks=$(idle_ticks "$app_pid")
wait
cat_ticks=$(cat "$cat_ticks_file")

tmux -L "$SOCKET" send-keys -t app -l "bench"
tmux -L "$SOCKET" send-keys -t app Enter
if ! wait_for app "200 results"; then
  echo "  search of 200 results: did not finish; screen:"
  tmux -L "$SOCKET" capture-pane -p -t app | sed -n '1,8p;$p' | sed 's/^/    /'
  exit 0
fi
results_ticks=$(idle_ticks "$app_pid")
# Scroll to the end and back once, so every tile has been drawn, then read the peak.
tmux -L "$SOCKET" send-keys -t app G
tmux -L "$SOCKET" send-keys -t app g
sleep 0.5
search_hwm=$(hwm "$app_pid")
tmux -L "$SOCKET" send-keys -t app q

echo "  CPU over ${IDLE_SECONDS} s idle, ${SETTLE_SECONDS} s after the screen settled (ticks of" \
  "1/${TICKS_PER_SECOND} s, utime+stime, goal 0):" \
  "app at the welcome screen ${welcome_ticks}, app showing 200 results ${results_ticks};" \
  "baseline idle cat in tmux ${cat_ticks}"
echo "  peak RSS (VmHWM) after searching 200 results and scrolling through them: $((search_hwm / 1024)) MiB" \
  "(${search_hwm} kB); baseline the same process after its first frame $((first_hwm / 1024)) MiB (${first_hwm} kB)"

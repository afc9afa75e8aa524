#!/usr/bin/env python3
"""Listening figures for `make bench` (issue 18), each next to a baseline measured in the same run.
Printed, never asserted. Usage: bench/queue.py TUNES TUNES_BENCH RECORDINGS WORK [APP_RUNS]

The real release `tunes` runs in tmux (120x40) with a real mpv (--ao=null plays in real time), the
replay server's media (2-second ffmpeg tones named like the first results' previews) and a private
dbus-daemon; `playerctl` reads it. One observer for everything: a Lua script loaded into mpv with
`--script` (through TUNES_MPV_OPTIONS for the app, extra options for the bare player) writes a line
to a FIFO on mpv's events; this script stamps each line with CLOCK_MONOTONIC as it arrives.

"First audio" is mpv's first `time-pos` > 0 after `file-loaded`: mpv has decoded the file, the
audio output has started and its clock has advanced (later than `playback-restart`, which the
observer records too). The measured app runs without TUNES_LOG, as a user runs it.
QUEUE_EVENTS=FILE writes every observed event, stamped, for a closer look.

1. key -> first audio: from just before `tmux send-keys p` to first audio; cold = the first `p` of
   a fresh app (mpv not started yet), warm = `p` again after `s` (mpv running). Baseline: the bare
   PlaybackLive `Player.play` of the same file (tunes-bench player-baseline), from the harness's
   write of the command to first audio, cold (a fresh Player) and warm.
2. gap: one queued preview's audible end to the next one's first audio, in the app's queue (the
   rest of the list after `p`). mpv reports `end-file` with ~0.4 s still in its buffers, so the
   audible end is the first audio + (duration - position at first audio); the gap from `end-file`
   is printed too. Baseline: the bare player, `play` of the next file on `.ended`.
3. metadata: from a track's first audio, `playerctl -p tunes metadata xesam:title` run back to back
   until it prints the new title; the figure is until that answer. Baseline: one such call's own
   time once the title is current.
4. idle CPU: utime+stime ticks of the app process over 10 s (/proc/PID/stat: all its threads,
   including exited ones, which a sum over /proc/PID/task/*/stat would lose) with MPRIS connected
   and nothing playing: before anything played, and after playing then `s` (mpv idle beside it;
   mpv's own ticks are printed apart). Baselines in the same windows: an idle `cat` in the same
   tmux, and the same app with no session bus. Also printed: CPU time and wake-ups (schedstat,
   voluntary switches) of the threads alive at both readings, and which threads woke.
"""
import json, os, re, shutil, statistics, subprocess, sys, threading, time

TUNES, BENCH, RECORDINGS, WORK = (os.path.abspath(a) for a in sys.argv[1:5])
APP_RUNS = int(sys.argv[5]) if len(sys.argv) > 5 else 3
TONES = 6            # the first six results get a preview file; the queue plays them in order
TONE_SECONDS = 2
WARM = 3             # warm `p` per app run
IDLE_SECONDS = 10
TICKS = os.sysconf("SC_CLK_TCK")
DIR = os.path.join(WORK, "queue")
SOCKET = f"tunes-queue-{os.getpid()}"
now = time.monotonic


def log(text):
    print("  " + text, flush=True)


# MARK: media, replay server, bus

os.makedirs(os.path.join(DIR, "rec", "files"), exist_ok=True)
for name in ("search-200.json", "index.tsv"):
    shutil.copy(os.path.join(RECORDINGS, name), os.path.join(DIR, "rec", name))
results = json.load(open(os.path.join(RECORDINGS, "search-200.json")))["results"]
tracks = []  # (title, file name) of the results with a tone, in list order
for result in results[:TONES]:
    name = result["previewUrl"].rsplit("/", 1)[-1]
    tracks.append((result["trackName"], name))
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
                    f"sine=frequency=440:duration={TONE_SECONDS}", "-c:a", "aac", "-movflags",
                    "+faststart", os.path.join(DIR, "rec", "files", name)], check=True)

replay_out = open(os.path.join(DIR, "replay.out"), "w+")
replay = subprocess.Popen([TUNES, "replay", os.path.join(DIR, "rec"), "--port", "0", "--quiet"],
                          stdout=replay_out, stderr=subprocess.STDOUT)
base = None
for _ in range(200):
    replay_out.seek(0)
    found = re.search(r"^Replaying .* at (http\S+)", replay_out.read(), re.M)
    if found:
        base = found.group(1)
        break
    time.sleep(0.05)
if base is None:
    print("  queue: skipped, the replay server did not start")
    sys.exit(0)
media_url = lambda name: f"{base}/media/{name}"

bus_dir = os.path.join(DIR, "bus")
os.makedirs(bus_dir, exist_ok=True)
open(os.path.join(bus_dir, "bus.conf"), "w").write(f"""<!DOCTYPE busconfig PUBLIC
 "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig><type>session</type><listen>unix:path={bus_dir}/bus</listen><auth>EXTERNAL</auth>
<policy context="default"><allow send_destination="*" eavesdrop="true"/><allow eavesdrop="true"/>
<allow own="*"/></policy></busconfig>
""")
daemon = subprocess.Popen(["dbus-daemon", f"--config-file={bus_dir}/bus.conf", "--nofork",
                           "--print-address=1"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                          text=True)
bus_address = daemon.stdout.readline().strip()
bus_env = dict(os.environ, DBUS_SESSION_BUS_ADDRESS=bus_address)

# MARK: the observer: mpv -> Lua -> FIFO -> stamped lines

fifo = os.path.join(DIR, "mpv-events")
os.mkfifo(fifo)
script = os.path.join(DIR, "observe.lua")
open(script, "w").write(f"""
local out = io.open("{fifo}", "w")
local armed = false
local function say(s) out:write(s .. "\\n"); out:flush() end
mp.register_event("file-loaded", function()
  armed = true
  say("file-loaded " .. mp.get_property("filename", "") .. " " .. mp.get_property("duration", "0"))
end)
mp.register_event("start-file", function() say("start-file") end)
mp.register_event("playback-restart", function() say("playback-restart") end)
mp.observe_property("time-pos", "number", function(_, v)
  if armed and v and v > 0 then
    armed = false; say("audio " .. mp.get_property("filename", "") .. " " .. string.format("%.4f", v))
  end
end)
mp.register_event("end-file", function(e) say("end-file " .. tostring(e.reason)) end)
""")
events = []            # (stamp, kind, argument)
events_lock = threading.Condition()
reader = os.open(fifo, os.O_RDWR)  # read-write: never EOF when one mpv closes it


def read_events():
    pending = b""
    while True:
        chunk = os.read(reader, 4096)
        stamp = now()
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            kind, *words = line.decode().split(" ")
            with events_lock:
                events.append((stamp, kind, words))
                events_lock.notify_all()


threading.Thread(target=read_events, daemon=True).start()


def wait_event(kind, after, argument=None, timeout=30):
    """The stamp of the first event KIND (first word ARGUMENT) stamped after AFTER, or None."""
    found = wait_full(kind, after, argument, timeout)
    return found and found[0]


def wait_full(kind, after, argument=None, timeout=30):
    """The first event KIND (first word ARGUMENT) stamped after AFTER: (stamp, words), or None."""
    deadline = now() + timeout
    with events_lock:
        while True:
            for stamp, k, words in events:
                if stamp >= after and k == kind and (argument is None or words[:1] == [argument]):
                    return stamp, words
            left = deadline - now()
            if left <= 0:
                return None
            events_lock.wait(left)


# MARK: figures

cold_app, warm_app, gaps_app, meta_app, call_ms = [], [], [], [], []
cold_bare, warm_bare, gaps_bare = [], [], []
raw_app, raw_bare = [], []
send_keys_ms = []
precise = []
wakers = []  # per idle window: {thread name: wakeups} of the app  # per idle window: [(ms on a CPU, wakeups)] of each measured process
idle_before, idle_after, idle_mpv, idle_cat, idle_plain = [], [], [], [], []
notes = []


def ms(seconds):
    return seconds * 1000


def metadata_latency(title, start):
    """From START until `playerctl metadata xesam:title` answers TITLE; None after 10 s."""
    while now() - start < 10:
        answer = subprocess.run(["playerctl", "-p", "tunes", "metadata", "xesam:title"],
                                env=bus_env, capture_output=True, text=True).stdout.strip()
        if answer == title:
            return now() - start
    return None


def playerctl_call():
    start = now()
    subprocess.run(["playerctl", "-p", "tunes", "metadata", "xesam:title"], env=bus_env,
                   capture_output=True)
    return now() - start


def follow(start, audible, raw, who, on_next=None):
    """Follows the tones played in order from START (before the first one's first audio) and
    appends each gap to AUDIBLE and RAW. mpv reports `end-file` when its decoder is done, with its
    audio buffers (--audio-buffer, ao_null's own) still to play out, and takes the next load only
    after that drain. So the audible end of a tone is computed on the observer's clock as its first
    audio + (its duration - the position at first audio) (ao_null plays in real time), and the gap
    is the next tone's first audio minus that; RAW is from `end-file` instead."""
    loaded = wait_full("file-loaded", start, tracks[0][1])
    audio = wait_full("audio", start, tracks[0][1])
    if loaded is None or audio is None:
        notes.append(f"{who}: the first tone did not start")
        return
    for title, name in tracks[1:]:
        ended = wait_event("end-file", audio[0], "eof", timeout=TONE_SECONDS + 20)
        next_loaded = wait_full("file-loaded", ended or audio[0], name, timeout=20)
        next_audio = wait_full("audio", ended or audio[0], name, timeout=20)
        if ended is None or next_loaded is None or next_audio is None:
            notes.append(f"{who}: the queue did not go on to {name}")
            return
        audible_end = audio[0] + float(loaded[1][1]) - float(audio[1][1])
        audible.append(ms(next_audio[0] - audible_end))
        raw.append(ms(next_audio[0] - ended))
        if on_next:
            on_next(title, next_audio[0])
        loaded, audio = next_loaded, next_audio


def bare_run():
    """One fresh bare player: a cold play, warm plays, then the tones back to back."""
    bare = subprocess.Popen([BENCH, "player-baseline", "--ao=null", f"--script={script}"],
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                            env=dict(os.environ, XDG_RUNTIME_DIR=DIR))

    def send(line):
        start = now()
        bare.stdin.write(line + "\n")
        bare.stdin.flush()
        return start

    def done():
        bare.stdout.readline()

    first = tracks[0][1]
    for index in range(1 + WARM):
        start = send(f"play {media_url(first)}")
        audio = wait_event("audio", start, first)
        done()
        if audio is None:
            notes.append("bare player: no first audio")
        else:
            (cold_bare if index == 0 else warm_bare).append(ms(audio - start))
        send("stop")
        done()
    start = send("chain " + " ".join(media_url(name) for _, name in tracks))
    done()
    follow(start, gaps_bare, raw_bare, "bare player")
    send("stop")
    done()
    send("quit")
    bare.wait(timeout=30)


def mark(kind):
    """Records a harness event (a key sent) among mpv's, for QUEUE_EVENTS."""
    with events_lock:
        events.append((now(), kind, []))


def tmux(*arguments):
    return subprocess.run(["tmux", "-L", SOCKET] + list(arguments), capture_output=True,
                          text=True).stdout


def screen(name):
    return tmux("capture-pane", "-p", "-t", name)


def wait_screen(name, text, timeout=30):
    deadline = now() + timeout
    while now() < deadline:
        if text in screen(name):
            return True
        time.sleep(0.02)
    return False


def start_in_tmux(name, command, environment):
    pid_file = os.path.join(DIR, name + ".pid")
    if os.path.exists(pid_file):
        os.remove(pid_file)
    setting = []
    for key, value in environment.items():
        setting += ["-e", f"{key}={value}"]
    wrapper = f"echo $$ > {pid_file}; exec {command}"
    if subprocess.run(["tmux", "-L", SOCKET, "has-session"], capture_output=True).returncode == 0:
        tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "40", *setting, wrapper)
    else:
        tmux("-f", "/dev/null", "new-session", "-d", "-s", name, "-x", "120", "-y", "40",
             *setting, wrapper, ";", "set-option", "-g", "status", "off")
    for _ in range(500):
        if os.path.exists(pid_file) and open(pid_file).read().strip():
            return int(open(pid_file).read())
        time.sleep(0.02)
    raise RuntimeError(f"{name} did not start")


def ticks(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


def mpv_of(pid):
    """The pid of the mpv whose IPC socket names PID, or None."""
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                command = open(f"/proc/{entry}/cmdline", "rb").read().split(b"\0")
            except OSError:
                continue
            if command and command[0].endswith(b"mpv") and any(
                    f"tunes-mpv-{pid}-".encode() in part for part in command):
                return int(entry)
    return None


def threads(pid):
    """{thread id: (name, ticks)} of PID's live threads."""
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            name = open(f"/proc/{pid}/task/{task}/comm").read().strip()
            found[task] = (name, ticks(f"{pid}/task/{task}"))
        except OSError:
            pass
    return found


def runtime(pid):
    """{thread id: (ns on a CPU, wakeups)} of PID's live threads (schedstat, voluntary switches)."""
    found = {}
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            ns = int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0])
            status = open(f"/proc/{pid}/task/{task}/status").read()
            switches = int(re.search(r"^voluntary_ctxt_switches:\s*(\d+)", status, re.M).group(1))
            found[task] = (ns, switches)
        except (OSError, AttributeError):
            pass
    return found


def runtime_delta(before, after):
    """(ms on a CPU, wakeups) of the threads alive at both readings, and how many came and went
    (libdispatch lets idle workers exit after a while)."""
    both = before.keys() & after.keys()
    ns = sum(after[t][0] - before[t][0] for t in both)
    wakeups = sum(after[t][1] - before[t][1] for t in both)
    return round(ns / 1e6, 1), wakeups, len(after.keys() - before.keys()), len(before.keys() - after.keys())


def idle_ticks(pids, settle=1):
    """Ticks of each of PIDS over IDLE_SECONDS; for the first, the threads that took any."""
    time.sleep(settle)
    before = [ticks(p) if p else 0 for p in pids]
    named = threads(pids[0])
    run_before = [runtime(p) if p else {} for p in pids]
    time.sleep(IDLE_SECONDS)
    after = [ticks(p) if p else 0 for p in pids]
    run_after = [runtime(p) if p else {} for p in pids]
    precise.append([runtime_delta(b, a) for b, a in zip(run_before, run_after)])
    names = {t: n for t, (n, _) in named.items()}
    woken = {}
    for t in run_before[0].keys() & run_after[0].keys():
        count = run_after[0][t][1] - run_before[0][t][1]
        if count > 0:
            woken[names.get(t, t)] = woken.get(names.get(t, t), 0) + count
    wakers.append(woken)
    busy = [f"{name} {spent - named.get(tid, (name, 0))[1]}"
            for tid, (name, spent) in threads(pids[0]).items()
            if spent - named.get(tid, (name, 0))[1] > 0]
    return [a - b for a, b in zip(after, before)], busy


def app_run(number):
    home = os.path.join(DIR, f"app{number}")
    os.makedirs(os.path.join(home, "config", "tunes"), exist_ok=True)
    open(os.path.join(home, "config", "tunes", "config.json"), "w").write(
        '{"filters":{"limit":200}}')
    environment = {
        "HOME": home, "XDG_DATA_HOME": home + "/data", "XDG_CACHE_HOME": home + "/cache",
        "XDG_CONFIG_HOME": home + "/config", "XDG_RUNTIME_DIR": DIR, "TUNES_API_BASE": base,
        "TUNES_MEDIA_BASE": base + "/media", "LANG": "C.UTF-8",
        "TUNES_MPV_OPTIONS": f"--ao=null --script={script}",
        "DBUS_SESSION_BUS_ADDRESS": bus_address,
    }
    name = f"app{number}"
    pid = start_in_tmux(name, TUNES, environment)
    if not wait_screen(name, "songs, albums, artists"):
        notes.append(f"app run {number}: no query box")
        return
    # No TUNES_LOG: with it, every key logs its action's description, and `p` on 200 results then
    # costs the UI thread tens of ms. MPRIS is on once playerctl lists tunes.
    for _ in range(500):
        listed = subprocess.run(["playerctl", "-l"], env=bus_env, capture_output=True, text=True)
        if "tunes" in listed.stdout:
            break
        time.sleep(0.02)
    else:
        notes.append(f"app run {number}: MPRIS did not connect")
    cat_pid = start_in_tmux(f"idlecat{number}", "cat", {})
    # The same app with no session bus (MPRIS off), idle beside it: the bus's own share.
    plain_home = os.path.join(DIR, f"plain{number}")
    plain_env = dict(environment, HOME=plain_home, XDG_DATA_HOME=plain_home + "/data",
                     XDG_CACHE_HOME=plain_home + "/cache",
                     DBUS_SESSION_BUS_ADDRESS="unix:path=" + plain_home + "/no-bus")
    os.makedirs(plain_home, exist_ok=True)
    plain_pid = start_in_tmux(f"plain{number}", TUNES, plain_env)
    wait_screen(f"plain{number}", "songs, albums, artists")
    for _ in range(5):  # what `tmux send-keys` itself takes, inside the key figures
        start = now()
        tmux("send-keys", "-t", f"idlecat{number}", "x")
        send_keys_ms.append(ms(now() - start))
    (app_ticks, cat_ticks, plain_ticks), busy = idle_ticks([pid, cat_pid, plain_pid])
    idle_before.append(app_ticks)
    idle_cat.append(cat_ticks)
    idle_plain.append(plain_ticks)
    tmux("send-keys", "-t", f"plain{number}", "q")
    if busy:
        notes.append(f"app run {number}, idle before playing: threads with ticks: {busy}")
    tmux("send-keys", "-t", name, "-l", "bench")
    tmux("send-keys", "-t", name, "Enter")
    if not wait_screen(name, "200 results"):
        notes.append(f"app run {number}: the search did not finish")
        return
    time.sleep(0.5)
    # Cold: the first `p`; mpv starts now. The queue then plays the tones in order.
    start = now()
    mark("key-p-cold")
    tmux("send-keys", "-t", name, "p")
    audio = wait_event("audio", start, tracks[0][1])
    if audio is None:
        notes.append(f"app run {number}: no first audio after p:\n" + screen(name)[-400:])
        return
    cold_app.append(ms(audio - start))
    latency = metadata_latency(tracks[0][0], audio)
    if latency is not None:
        meta_app.append(ms(latency))
    def current(title, audio):
        latency = metadata_latency(title, audio)
        if latency is None:
            notes.append(f"app run {number}: playerctl never showed {title!r}")
        else:
            meta_app.append(ms(latency))

    follow(start, gaps_app, raw_app, f"app run {number}", current)
    for _ in range(10):
        call_ms.append(ms(playerctl_call()))
    # Warm: stop, then `p` on the same pick; mpv is running.
    for _ in range(WARM):
        mark("key-s")
        tmux("send-keys", "-t", name, "s")
        time.sleep(0.5)
        start = now()
        mark("key-p-warm")
        tmux("send-keys", "-t", name, "p")
        audio = wait_event("audio", start)
        if audio is None:
            notes.append(f"app run {number}: no first audio after a warm p")
            break
        warm_app.append(ms(audio - start))
    tmux("send-keys", "-t", name, "s")
    mpv = mpv_of(pid)
    if mpv is None:
        notes.append(f"app run {number}: no mpv of the app found; its figure reads 0")
    (app_ticks, mpv_ticks, cat_ticks), busy = idle_ticks([pid, mpv, cat_pid])
    idle_after.append(app_ticks)
    idle_mpv.append(mpv_ticks)
    idle_cat.append(cat_ticks)
    if busy:
        notes.append(f"app run {number}, idle after playing: threads with ticks: {busy}")
    tmux("send-keys", "-t", name, "q")


print(f"== listening: the queue, MPRIS (real tunes in tmux, mpv --ao=null, {TONE_SECONDS} s tones "
      f"from the replay server, a private dbus-daemon; {os.cpu_count()} cores, load average"
      f" {os.getloadavg()[0]:.1f})", flush=True)
try:
    for run in range(APP_RUNS):  # interleaved, so both see the same load
        bare_run()
        app_run(run)
finally:
    subprocess.run(["tmux", "-L", SOCKET, "kill-server"], capture_output=True)
    daemon.terminate()
    replay.terminate()


def median(values):
    return statistics.median(values) if values else float("nan")


def figure(label, values, baseline_label, baselines, goal):
    m, b = median(values), median(baselines)
    ratio = m / b if baselines and b > 0 else float("nan")
    log(f"{label}: {m:.1f} ms (median of {len(values)}, max {max(values, default=float('nan')):.1f});"
        f" baseline {baseline_label} {b:.1f} ms (median of {len(baselines)}); ratio {ratio:.2f}"
        f" (goal {goal})")


figure("key p -> first audio, cold (mpv starts)", cold_app, "bare Player.play cold", cold_bare,
       "<= 300 ms")
figure("key p -> first audio, warm (mpv running)", warm_app, "bare Player.play warm", warm_bare,
       "<= 300 ms")
log(f"  (both key figures include the tmux send-keys run itself: {median(send_keys_ms):.1f} ms,"
    f" median of {len(send_keys_ms)})")
figure("gap between queued previews (audible end -> next first audio)", gaps_app,
       "bare player, play on .ended", gaps_bare, "<= 150 ms")
figure("  the same from mpv's end-file (its audio buffers still draining)", raw_app,
       "bare player", raw_bare, "none: mpv's drain")
figure("playerctl metadata current after a track's first audio", meta_app,
       "one playerctl metadata call, value current", call_ms, "<= 100 ms")
log(f"idle CPU over {IDLE_SECONDS} s with MPRIS connected, nothing playing (ticks of 1/{TICKS} s,"
    f" utime+stime, one figure per app run, goal 0): before anything played {idle_before},"
    f" after playing and s {idle_after} (its idle mpv {idle_mpv}); baseline idle cat in tmux"
    f" {idle_cat}, the app with no session bus beside it {idle_plain}")
log("  the same windows as (ms on a CPU, wakeups, threads started, threads ended), from schedstat and"
    " voluntary switches of the threads alive at both readings; [app, cat, app without bus] then"
    " [app, its mpv, cat] per run: "
    + "; ".join(str(window) for window in precise))
log("  the app's threads that woke in those windows (name: wakeups): "
    + "; ".join(str(window) for window in wakers))
log(f"load average at the end: {os.getloadavg()[0]:.1f}")
for note in notes:
    log("note: " + note)
if os.environ.get("QUEUE_EVENTS"):  # every observed event, for a closer look
    with open(os.environ["QUEUE_EVENTS"], "w") as out:
        for stamp, kind, argument in events:
            out.write(f"{stamp:.4f} {kind} {' '.join(argument)}\n")

#!/usr/bin/env python3
"""Large favourites, for `make bench`: the favourites screen, `tunes favorites list` and the
app's launch with 10,000 / 50,000 / 100,000 favourites, each against an empty database measured
in the same run (interleaved, medians).

  favourites.py TUNES WORK [RUNS]

Needs GNU time (/usr/bin/time) for peak RSS. Builds one data home per size under WORK (items of about 1 KB of JSON each, imported with
`tunes favorites import`), then:
  - the favourites screen: the app on a pseudo-terminal (120x40) draws its first frame, `F` is
    pressed, and the clock runs until the list (its counts line, or "No favourites yet") is
    drawn; then Esc and F again (the second opening in the same process); the app's RSS then
    (VmRSS) and its peak (VmHWM) are read from /proc;
  - `tunes favorites list` in every format to a pipe: wall time and peak RSS (wait4's
    ru_maxrss) against the same command on the empty database;
  - launch to first frame with 100,000 favourites against the empty database (bench/launch.py).
"""
import json, os, re, select, statistics, subprocess, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import launch  # noqa: E402  (the pty harness)

SIZES = [10_000, 50_000, 100_000]
# A handful too: beside the empty screen (a message only), what drawing rows costs at all.
HANDFUL = 3
FORMATS = ["table", "json", "ndjson", "csv", "tsv", "m3u8"]
DONE = re.compile(rb"No favourites yet| All [\d,]+ ")


def make_home(tunes, work, count):
    home = os.path.join(work, f"fav{count}")
    os.makedirs(home, exist_ok=True)
    if count:
        kinds = ["song", "album", "podcast", "software", "feature-movie"]
        items = [{"id": 3_000_000 + n, "kind": kinds[n % 5], "title": f"Title {n * 7919 % 100003}",
                  "author": f"Artist {n % 997}", "collection": f"Collection {n % 4999}",
                  "price": 1.29, "currency": "USD", "durationMillis": 200000 + n,
                  "releaseDate": "2005-03-01T08:00:00Z",
                  "artworkURL": f"https://is1-ssl.mzstatic.com/image/thumb/{n}/100x100bb.jpg",
                  "previewURL": f"https://audio-ssl.itunes.apple.com/{n}.m4a",
                  "storeURL": f"https://music.apple.com/us/album/{n}",
                  "description": "A favourite kept for the benchmark. " * 16}
                 for n in range(count)]
        # In files of 20,000 (an import file is at most 64 MiB), newest last.
        for start in range(0, count, 20_000):
            path = os.path.join(work, f"fav{count}-{start}.json")
            with open(path, "w") as f:
                json.dump(items[start:start + 20_000], f)
            subprocess.run([tunes, "favorites", "import", path], check=True,
                           env=dict(os.environ, XDG_DATA_HOME=home),
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.remove(path)
    # Files created, first-run hint taken.
    launch.run([tunes], until=launch.PLACEHOLDER, env=dict(os.environ, XDG_DATA_HOME=home))
    return home


def proc_kib(pid, field):
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith(field + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def open_screen(tunes, home):
    """(seconds from F to the list drawn the first time, the same the second time after Esc,
    VmRSS KiB, VmHWM KiB) of one app run."""
    import fcntl, pty, struct, termios
    env = dict(os.environ, XDG_DATA_HOME=home)
    pid, fd = pty.fork()
    if pid == 0:
        os.execve(tunes, [tunes], env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))

    def drain(seconds):
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            try:
                if select.select([fd], [], [], 0.02)[0]:
                    os.read(fd, 65536)
            except OSError:
                return

    def until(pattern, seconds):
        seen, end = b"", time.perf_counter() + seconds
        while time.perf_counter() < end:
            if not select.select([fd], [], [], 0.2)[0]:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                return False
            if not chunk:
                return False
            seen += chunk
            if b"\x1b[c" in chunk:
                os.write(fd, b"\x1b[?62;22c")
            if b"\x1b[5n" in chunk:
                os.write(fd, b"\x1b[0n")
            if pattern.search(seen):
                return True
        return False

    result = None
    if until(re.compile(re.escape(launch.PLACEHOLDER)), 20):
        opens = []
        for _ in range(2):
            # Esc leaves the query box or the screen (alone, after the decoder's wait for a
            # sequence), then F.
            os.write(fd, b"\x1b")
            drain(0.15)
            start = time.perf_counter()
            os.write(fd, b"F")
            if not until(DONE, 20):
                break
            opens.append(time.perf_counter() - start)
            drain(0.2)
        if len(opens) == 2:
            result = (opens[0], opens[1], proc_kib(pid, "VmRSS"), proc_kib(pid, "VmHWM"))
    os.write(fd, b"\x03")
    drain(0.3)
    os.waitpid(pid, 0)
    os.close(fd)
    return result


def list_run(tunes, home, fmt):
    """(seconds, peak RSS KiB) of `tunes favorites list --format fmt` writing to a pipe.

    The peak comes from GNU time (`%M`): a child forked from this Python would count Python's
    own pages in its maximum RSS until it execs."""
    env = dict(os.environ, XDG_DATA_HOME=home)
    report = os.path.join(os.path.dirname(home), "time.out")
    start = time.perf_counter()
    proc = subprocess.Popen(["/usr/bin/time", "-o", report, "-f", "%M", tunes, "favorites",
                             "list", "--format", fmt], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    while proc.stdout.read(1 << 16):
        pass
    proc.wait()
    elapsed = time.perf_counter() - start
    with open(report) as f:
        return elapsed, int(f.read().split()[-1])


def mib(kib):
    return f"{kib / 1024:.0f} MiB" if kib else "?"


def main(tunes, work, runs):
    homes = {0: make_home(tunes, work, 0)}
    for count in [HANDFUL] + SIZES:
        homes[count] = make_home(tunes, work, count)
    print(f"== favourites (10k / 50k / 100k items of about 1 KB), baselines: an empty database,"
          f" same run")
    screen = {count: [] for count in homes}
    for _ in range(runs):
        for count, home in homes.items():
            r = open_screen(tunes, home)
            if r:
                screen[count].append(r)
    if not screen[0]:
        print("  favourites screen: the app did not draw it")
    else:
        base = statistics.median(r[0] for r in screen[0]) * 1000
        again = statistics.median(r[1] for r in screen[0]) * 1000
        base_rss = statistics.median(r[2] for r in screen[0])
        print(f"  favourites screen open (F to the list drawn, pty 120x40, median of {runs}):"
              f" empty {base:.1f} ms the first time in the process, {again:.1f} ms again;"
              f" RSS {mib(base_rss)}")
        for count in [HANDFUL] + SIZES:
            if not screen[count]:
                print(f"  {count:,}: not drawn")
                continue
            t = statistics.median(r[0] for r in screen[count]) * 1000
            t2 = statistics.median(r[1] for r in screen[count]) * 1000
            rss = statistics.median(r[2] for r in screen[count])
            hwm = max(r[3] for r in screen[count])
            print(f"  {count:>7,} favourites: first {t:.1f} ms, ratio {t / base:.2f}; again"
                  f" {t2:.1f} ms, ratio {t2 / again:.2f} (goal <= 2 at 100k); RSS {mib(rss)}"
                  f" (peak {mib(hwm)}; goal <= 60 MiB)")
    for fmt in FORMATS:
        times = {0: [], SIZES[-1]: []}
        peaks = {0: [], SIZES[-1]: []}
        for _ in range(max(3, runs // 2)):
            for count in times:
                t, rss = list_run(tunes, homes[count], fmt)
                times[count].append(t)
                peaks[count].append(rss)
        e, f = (statistics.median(times[c]) * 1000 for c in (0, SIZES[-1]))
        pe, pf = max(peaks[0]), max(peaks[SIZES[-1]])
        print(f"  favorites list --format {fmt:<6} 100,000 to a pipe: {f:.0f} ms, peak RSS"
              f" {mib(pf)} (goal <= 40 MiB); empty {e:.1f} ms, {mib(pe)}")
    print("  launch with 100,000 favourites:")
    launch.favourites(tunes, homes[0], homes[SIZES[-1]])


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]) if len(sys.argv) == 4 else 7)

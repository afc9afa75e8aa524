#!/usr/bin/env python3
"""Launch to first frame of the app on a pseudo-terminal (120x40), for `make bench`.

The clock runs from fork/exec until the query box's placeholder text arrives on the pty (the
first frame drawn); the harness answers the app's device-attributes query as a VT220-class
terminal does and its status report (which ends the probe), then sends Ctrl-C.

  launch.py first-frame TUNES
      the app against `tunes --version` (until its output and exit) in the same harness,
      interleaved, median of 20 each.
  launch.py favourites TUNES EMPTY_DATA FULL_DATA
      the app with XDG_DATA_HOME=FULL_DATA (a database holding many favourites) against
      XDG_DATA_HOME=EMPTY_DATA (an empty one), interleaved, median of 20 each; the ratio.
      Each home is launched once first, so neither pays for creating its files.
"""
import fcntl, os, pty, select, statistics, struct, sys, termios, time

PLACEHOLDER = b"songs, albums, artists"
RUNS = 20


def run(argv, until=None, env=None):
    """Seconds from fork to `until` in the output (then Ctrl-C), or to exit when until is None."""
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        if env is None:
            os.execv(argv[0], argv)
        os.execve(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    seen, found = b"", None
    deadline = start + 10
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        # The capability probe: answer DA1 as a VT220-class terminal does, then the status
        # report (CSI 5 n) that ends the probe's wait (unanswered, it waits its full 1 s).
        if b"\x1b[c" in chunk:
            os.write(fd, b"\x1b[?62;22c")
        if b"\x1b[5n" in chunk:
            os.write(fd, b"\x1b[0n")
        if until is not None and until in seen:
            found = time.perf_counter() - start
            os.write(fd, b"\x03")  # Ctrl-C quits the app
            break
    while True:  # drain until exit
        try:
            if not os.read(fd, 65536):
                break
        except OSError:
            break
    os.waitpid(pid, 0)
    if until is None:
        found = time.perf_counter() - start
    os.close(fd)
    return found


def first_frame(tunes):
    app, version = [], []
    for _ in range(RUNS):
        t = run([tunes], until=PLACEHOLDER)
        if t is not None:
            app.append(t)
        version.append(run([tunes, "--version"]))
    if not app:
        print("  launch to first frame: the app did not draw its query box (not wired into the CLI?)")
        return
    a, v = statistics.median(app) * 1000, statistics.median(version) * 1000
    print(f"  launch to first frame, pty 120x40 (median of {len(app)}): {a:.1f} ms"
          f" (goal <= 50 ms); baseline tunes --version cold {v:.1f} ms; app minus baseline {a - v:.1f} ms"
          f" (the app's own start-up, goal <= 8 ms)")


def favourites(tunes, empty_data, full_data):
    homes = {"empty": empty_data, "full": full_data}
    envs = {name: dict(os.environ, XDG_DATA_HOME=path) for name, path in homes.items()}
    for env in envs.values():  # files created, first-run hint taken
        run([tunes], until=PLACEHOLDER, env=env)
    times = {"empty": [], "full": []}
    for _ in range(RUNS):
        for name in ("empty", "full"):
            t = run([tunes], until=PLACEHOLDER, env=envs[name])
            if t is not None:
                times[name].append(t)
    if not times["empty"] or not times["full"]:
        print("  launch with many favourites: the app did not draw its query box")
        return
    e, f = (statistics.median(times[n]) * 1000 for n in ("empty", "full"))
    print(f"  launch to first frame, pty 120x40, with the favourites database vs an empty one"
          f" (median of {RUNS} each, interleaved): {f:.1f} ms vs {e:.1f} ms; ratio {f / e:.2f}"
          f" (goal <= 1.1)")


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else ""
    if mode == "first-frame" and len(sys.argv) == 3:
        first_frame(sys.argv[2])
    elif mode == "favourites" and len(sys.argv) == 5:
        favourites(*sys.argv[2:5])
    else:
        sys.exit(__doc__)

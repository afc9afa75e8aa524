#!/usr/bin/env python3
"""Cold starts for `make bench`, each against a baseline in the same run, interleaved.

  startup.py TUNES HELLO BASE RUNS

1. `tunes --version` against HELLO (a static Swift hello world built by bench/run.sh), both
   exec'd directly (no shell), and the shared objects mapped at start.
2. `tunes search bench --limit 200 --format ndjson` as a person runs it (history recorded, the
   answer from the cache after the first run) and fetched (`--no-cache`), against
   `curl -s URL | jq -c '.results[]'` on the same answer; the cache hit against the fetch.
3. `tunes --demo search golden` against `tunes --version`.
Prints medians, the 10th-90th percentile range and the ratios with their goals. The environment
(HOME, XDG_*, TUNES_API_BASE=BASE) comes from bench/run.sh.
"""
import os, shlex, statistics, subprocess, sys, time

tunes, hello, base, runs = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
url = f"{base}/search?term=bench&limit=200"


def timed(command):
    start = time.perf_counter()
    shell = isinstance(command, str)
    done = subprocess.run(command, shell=shell, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL)
    if done.returncode != 0:
        sys.exit(f"startup.py: failed ({done.returncode}): {command}")
    return (time.perf_counter() - start) * 1000


def interleaved(commands, runs):
    """Median and 10th-90th percentile of each command, run in turn `runs` times."""
    times = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            times[name].append(timed(command))
    result = {}
    for name, values in times.items():
        values.sort()
        tenth = max(0, len(values) // 10)
        result[name] = (statistics.median(values), values[tenth], values[-1 - tenth])
    return result


def show(figures, name):
    median, low, high = figures[name]
    return f"{median:.2f} ms ({low:.2f}-{high:.2f})"


objects = subprocess.run(["ldd", tunes], capture_output=True, text=True).stdout.count("\n")
cold = interleaved({"hello": [hello], "version": [tunes, "--version"]}, runs * 2)
ratio = cold["version"][0] / cold["hello"][0]
print(f"cold start: tunes --version {show(cold, 'version')} vs a static Swift hello world "
      f"{show(cold, 'hello')} (median of {runs * 2}); ratio {ratio:.2f} (goal <= 2.5); "
      f"{objects} shared objects at start")

search = [tunes, "search", "bench", "--limit", "200", "--format", "ndjson"]
subprocess.run(search, stdout=subprocess.DEVNULL)  # fills the cache and the history
figures = interleaved({
    "curl": f"curl -s {shlex.quote(url)} | jq -c '.results[]'",
    "person": search,
    "fetch": search + ["--no-cache"],
}, runs)
curl = figures["curl"][0]
print(f"tunes search, 200 results as ndjson, history recorded: from the cache "
      f"{show(figures, 'person')}, fetched (--no-cache) {show(figures, 'fetch')} vs curl|jq "
      f"{show(figures, 'curl')} (median of {runs}); ratios {figures['person'][0] / curl:.2f} "
      f"and {figures['fetch'][0] / curl:.2f} (goal <= 0.5); cache hit / fetch "
      f"{figures['person'][0] / figures['fetch'][0]:.2f} (goal <= 0.8)")

demo = interleaved({"version": [tunes, "--version"],
                    "demo": [tunes, "--demo", "search", "golden"]}, max(5, runs // 2))
print(f"tunes --demo search golden {show(demo, 'demo')} vs tunes --version "
      f"{show(demo, 'version')}; ratio {demo['demo'][0] / demo['version'][0]:.2f} (goal <= 4)")

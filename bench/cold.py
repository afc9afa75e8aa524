#!/usr/bin/env python3
"""Median wall time (ms) of running a shell command N times as a fresh process (cold start)."""
import statistics, subprocess, sys, time
runs, command = int(sys.argv[1]), sys.argv[2]
times = []
for _ in range(runs):
    start = time.perf_counter()
    done = subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    times.append(time.perf_counter() - start)
    if done.returncode != 0:
        print(f"command failed ({done.returncode}): {command}", file=sys.stderr)
        sys.exit(1)
print(f"{statistics.median(times) * 1000:.2f}")

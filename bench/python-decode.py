#!/usr/bin/env python3
"""Median time of json.loads on the same bytes the Swift decoder benchmark reads."""
import json, statistics, sys, time
data = open(sys.argv[1], "rb").read()
runs = int(sys.argv[2]) if len(sys.argv) > 2 else 200
times = []
for _ in range(runs):
    start = time.perf_counter()
    json.loads(data)
    times.append(time.perf_counter() - start)
print(f"{statistics.median(times) * 1000:.4f}")

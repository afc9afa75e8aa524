#!/usr/bin/env python3
"""Bulk lookups and shared pacing, against a replay server that enforces Apple's limit.

1. 1,000 ids through `tunes lookup -`: requests made and wall time (recordings of the five
   batches are generated from a shared recorded app), then the same again from the cache.
2. 30 `tunes lookup` processes one after another: requests in the busiest minute and 403s.
   This takes a little over a minute: the 21st process waits for the first request to be a
   minute old.
Usage: holdup.py TUNES SHARED WORK
"""
import json, os, subprocess, sys, threading, time

tunes, shared, work = sys.argv[1], sys.argv[2], sys.argv[3]
rec = os.path.join(work, "holdup-rec")
os.makedirs(rec, exist_ok=True)
template = json.load(open(os.path.join(shared, "software-lookup-id-284882215-facebook.json")))["results"][0]
ids = list(range(500001, 501001))
rows = ["file\tstatus\trequest\tsource\tnote"]
for start in range(0, len(ids), 200):
    batch = ids[start:start + 200]
    results = [dict(template, trackId=i, trackName=f"App {i}") for i in batch]
    name = f"batch-{start}.json"
    json.dump({"resultCount": len(results), "results": results}, open(os.path.join(rec, name), "w"))
    rows.append(f"{name}\t200\t/lookup?id={','.join(map(str, batch))}\tgenerated\t200 apps")
open(os.path.join(rec, "index.tsv"), "w").write("\n".join(rows) + "\n")
single = os.path.join(shared, "software-lookup-id-284882215-facebook.json")


def server(limit):
    """Starts `tunes replay` enforcing `limit` a minute; returns the process, base URL and log."""
    proc = subprocess.Popen([tunes, "replay", rec, "--port", "0", "--rate-limit", str(limit)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = None
    while base is None:
        line = proc.stdout.readline()
        if line.startswith("Replaying"):
            base = line.split(" at ")[1].split()[0]
    log = []
    def read():
        for line in proc.stderr:
            log.append((time.monotonic(), line))
    threading.Thread(target=read, daemon=True).start()
    return proc, base, log


def env(base, home):
    e = dict(os.environ, TUNES_API_BASE=base, HOME=home, XDG_DATA_HOME=home + "/data",
             XDG_CACHE_HOME=home + "/cache", XDG_CONFIG_HOME=home + "/config",
             XDG_RUNTIME_DIR=home + "/run")
    os.makedirs(home + "/run", exist_ok=True)
    return e


# 1. Bulk lookups.
proc, base, log = server(20)
home = os.path.join(work, "holdup-bulk")
stdin = "\n".join(map(str, ids)) + "\n"
start = time.monotonic()
out = subprocess.run([tunes, "lookup", "-", "--format", "ndjson"], input=stdin, text=True,
                     capture_output=True, env=env(base, home))
cold = (time.monotonic() - start) * 1000
first = sum(1 for _, line in log if "/lookup" in line)
start = time.monotonic()
again = subprocess.run([tunes, "lookup", "-", "--format", "ndjson"], input=stdin, text=True,
                       capture_output=True, env=env(base, home))
warm = (time.monotonic() - start) * 1000
second = sum(1 for _, line in log if "/lookup" in line) - first
print(f"1,000 ids through tunes lookup -: {first} requests (goal <= 5), {cold:.0f} ms, "
      f"{len(out.stdout.splitlines())} items, exit {out.returncode}; again from the cache: "
      f"{second} requests, {warm:.0f} ms")
proc.terminate()

# 2. 30 processes one after another, sharing the pacing file.
shutil_rec = os.path.join(rec, "single.json")
open(shutil_rec, "wb").write(open(single, "rb").read())
with open(os.path.join(rec, "index.tsv"), "a") as index:
    index.write("single.json\t200\t/lookup?id=284882215\tshared\tone app\n")
proc, base, log = server(20)
home = os.path.join(work, "holdup-pacing")
codes = []
start = time.monotonic()
for _ in range(30):
    run = subprocess.run([tunes, "lookup", "284882215", "--no-cache", "--wait", "120",
                          "--format", "ndjson"], capture_output=True, text=True, env=env(base, home))
    codes.append(run.returncode)
elapsed = time.monotonic() - start
time.sleep(0.2)
times = [t for t, line in log if "/lookup" in line]
refused = sum(1 for _, line in log if "/lookup" in line and " 403 " in line)
busiest = max((sum(1 for u in times if t <= u < t + 60) for t in times), default=0)
print(f"30 sequential tunes lookup processes: {len(times)} requests, busiest minute {busiest} "
      f"(goal <= 20), {refused} answered 403 by the server enforcing 20 a minute, "
      f"exit codes {sorted(set(codes))}, {elapsed:.1f} s in all")
proc.terminate()

# 3. 10,000 ids (BENCH_LOOKUP_10K=1; over two minutes, Apple's pace): the wall time against the
# rate-limit floor (50 requests at 20 in any 61 s: the 41st goes at 122 s), then 10,000 and 1,000
# from the cache (the cost per id must not grow with the cache).
if os.environ.get("BENCH_LOOKUP_10K") == "1":
    big = os.path.join(work, "holdup-10k")
    os.makedirs(big, exist_ok=True)
    ids = list(range(600001, 610001))
    rows = ["file\tstatus\trequest\tsource\tnote"]
    for start in range(0, len(ids), 200):
        batch = ids[start:start + 200]
        results = [dict(template, trackId=i, trackName=f"App {i}") for i in batch]
        name = f"batch-{start}.json"
        json.dump({"resultCount": len(results), "results": results}, open(os.path.join(big, name), "w"))
        rows.append(f"{name}\t200\t/lookup?id={','.join(map(str, batch))}\tgenerated\t200 apps")
    open(os.path.join(big, "index.tsv"), "w").write("\n".join(rows) + "\n")
    rec = big
    proc, base, log = server(20)
    home = os.path.join(work, "holdup-10k-home")
    stdin = "\n".join(map(str, ids)) + "\n"
    start = time.monotonic()
    out = subprocess.run([tunes, "lookup", "-", "--format", "ndjson"], input=stdin, text=True,
                         capture_output=True, env=env(base, home))
    fetched = time.monotonic() - start
    requests = sum(1 for _, line in log if "/lookup" in line)
    cached = {}
    for count in (10000, 1000, 10000, 1000):
        start = time.monotonic()
        subprocess.run([tunes, "lookup", "-", "--format", "ndjson"], text=True,
                       input="\n".join(map(str, ids[:count])) + "\n", capture_output=True,
                       env=env(base, home))
        cached.setdefault(count, []).append(time.monotonic() - start)
    floor = 122.0
    big_s, small_s = min(cached[10000]), min(cached[1000])
    print(f"10,000 ids through tunes lookup -: {requests} requests, {fetched:.1f} s, "
          f"{len(out.stdout.splitlines())} items, exit {out.returncode}; the rate-limit floor "
          f"{floor:.0f} s: ratio {fetched / floor:.2f} (goal <= 1.2); from the cache 10,000 ids "
          f"{big_s:.2f} s vs 1,000 ids {small_s:.2f} s: ratio {big_s / small_s:.1f} (linear: 10)")
    proc.terminate()

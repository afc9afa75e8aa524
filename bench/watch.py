#!/usr/bin/env python3
"""Keeping watch: `tunes watch` over 1,000 items and a resumed `tunes where` sweep, as processes
against `tunes replay DIR --catalog`, whose answers change on SIGHUP.

Figures, each with a baseline measured in the same run:
  * 1,000 watched apps, first check and a check with nothing new: requests and seconds, vs
    `tunes lookup --ids-from` of the same ids with --no-cache (the same requests, no snapshots);
  * changes reported when nothing changed (0), and after 10 price changes (10);
  * a sweep of every storefront for one item, interrupted by SIGINT and run again: requests in
    all and storefronts asked twice, vs the number of storefronts (one request each). The sweep
    is paced as Apple asks (20 requests a minute), so it takes about nine minutes.

usage: watch.py TUNES SHARED_FIXTURES WORK_DIR
"""
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time

binary, shared, work = sys.argv[1], sys.argv[2], sys.argv[3]
template = json.load(open(os.path.join(shared, "software-lookup-id-284882215-facebook.json")))[
    "results"][0]
template.pop("country", None)
CURRENCY = {"us": ("USD", 1.0), "gb": ("GBP", 0.8), "jp": ("JPY", 150.0)}


def app(id, price, storefront):
    currency, rate = CURRENCY.get(storefront, ("EUR", 1.0))
    value = round(price * rate, 0 if currency == "JPY" else 2)
    result = dict(template)
    result.update(trackId=id, trackName=f"App {id}", price=value, currency=currency,
                  formattedPrice=str(value), version="1.0", releaseNotes="Bug fixes.",
                  artistId=5_000_000,
                  trackViewUrl=f"https://apps.apple.com/{storefront}/app/id{id}")
    return result


def write_catalogue(folder, by_storefront):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "index.tsv"), "w") as index:
        index.write("file\tstatus\trequest\n")
        for storefront, results in sorted(by_storefront.items()):
            json.dump({"resultCount": len(results), "results": results},
                      open(os.path.join(folder, f"{storefront}.json"), "w"))
            index.write(f"{storefront}.json\t200\t/lookup?id=0&country={storefront}\n")


class Replay:
    """`tunes replay FOLDER --catalog` with its request log counted."""

    def __init__(self, folder, env):
        self.process = subprocess.Popen(
            [binary, "replay", folder, "--catalog", "--port", "0"], stdout=subprocess.PIPE,
            stderr=subprocess.PIPE, text=True, env=env)
        line = self.process.stdout.readline()
        match = re.search(r"at (http://127\.0\.0\.1:\d+)", line)
        if not match:
            sys.exit(f"watch.py: no replay address in {line!r}")
        self.base = match.group(1)
        self.lookups = []
        self.lock = threading.Lock()
        self.reloads = 0
        threading.Thread(target=self.read, daemon=True).start()

    def read(self):
        for line in self.process.stderr:
            with self.lock:
                if "GET /lookup" in line:
                    self.lookups.append(line.split()[2])
                if "reloaded the catalogue" in line:
                    self.reloads += 1

    def count(self):
        with self.lock:
            return len(self.lookups)

    def reload(self):
        before = self.reloads
        self.process.send_signal(signal.SIGHUP)
        while self.reloads == before:
            time.sleep(0.02)

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=10)


def environment(home, base):
    env = dict(os.environ)
    env.update(HOME=home, XDG_DATA_HOME=f"{home}/data", XDG_CACHE_HOME=f"{home}/cache",
               XDG_CONFIG_HOME=f"{home}/config", TUNES_API_BASE=base)
    os.makedirs(home, exist_ok=True)
    return env


def timed(arguments, env):
    start = time.perf_counter()
    done = subprocess.run([binary] + arguments, capture_output=True, text=True, env=env)
    return time.perf_counter() - start, done


# 1,000 watched apps.
folder = os.path.join(work, "watch-catalogue")
prices = {id: 0.99 for id in range(1, 1001)}
write_catalogue(folder, {"us": [app(id, price, "us") for id, price in prices.items()]})
replay = Replay(folder, dict(os.environ))
env = environment(os.path.join(work, "watch-home"), replay.base)
ids = os.path.join(work, "watch-ids.txt")
open(ids, "w").write("\n".join(str(id) for id in prices) + "\n")

before = replay.count()
lookup_s, done = timed(["lookup", "--ids-from", ids, "--no-cache", "--format", "ndjson"], env)
lookup_requests = replay.count() - before
before = replay.count()
first_s, first = timed(["watch", "--ids-from", ids, "--format", "ndjson"], env)
first_requests = replay.count() - before
before = replay.count()
again_s, again = timed(["watch", "--ids-from", ids, "--format", "ndjson"], env)
again_requests = replay.count() - before
unchanged = len(again.stdout.splitlines())
for id in range(1, 1001, 100):
    prices[id] = 0.49
write_catalogue(folder, {"us": [app(id, price, "us") for id, price in prices.items()]})
replay.reload()
changed_s, changed = timed(["watch", "--ids-from", ids, "--format", "ndjson"], env)
reported = len(changed.stdout.splitlines())
replay.stop()
for run in (done, first, again, changed):
    if run.returncode != 0:
        sys.exit(f"watch.py: a run failed: {run.stderr}")
print(f"watch, 1,000 apps, first check: {first_requests} requests, {first_s:.2f} s; "
      f"nothing new: {again_requests} requests, {again_s:.2f} s, {unchanged} changes reported "
      f"(baseline: lookup --ids-from --no-cache {lookup_requests} requests, {lookup_s:.2f} s) "
      f"(goal <= 5 requests, <= 20 s, 0 changes)")
print(f"watch, 1,000 apps, 10 prices lowered: {reported} changes reported in {changed_s:.2f} s "
      f"(goal 10, each once)")

# A sweep of every storefront for one item, interrupted and resumed.
storefronts = subprocess.run([binary, "completions", "bash"], capture_output=True, text=True)
codes = sorted(set(re.findall(r"--countries\) values=\"([^\"]*)\"", storefronts.stdout)[0]
                   .split()) - {"all", "asia", "dach", "english", "eu", "latam", "nordic"})
folder = os.path.join(work, "sweep-catalogue")
write_catalogue(folder, {code: [app(77, 0.99, code)] for code in codes if code not in ("cn", "ru")})
replay = Replay(folder, dict(os.environ))
env = environment(os.path.join(work, "sweep-home"), replay.base)
arguments = [binary, "where", "77", "--countries", "all", "--format", "csv"]
start = time.perf_counter()
sweep = subprocess.Popen(arguments, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         env=env)
while replay.count() < 30 and sweep.poll() is None:
    time.sleep(0.05)
sweep.send_signal(signal.SIGINT)
_, stopped_err = sweep.communicate(timeout=120)
asked_before = replay.count()
resumed_s, resumed = timed(arguments[1:], env)
sweep_s = time.perf_counter() - start
replay.stop()
countries = [re.search(r"country=(\w+)", target) for target in replay.lookups]
countries = [match.group(1) if match else "us" for match in countries]
repeated = len(countries) - len(set(countries))
rows = [line for line in resumed.stdout.splitlines()[1:] if line]
print(f"where, {len(codes)} storefronts, one item, SIGINT after {asked_before} "
      f"(exit {sweep.returncode}), then resumed (exit {resumed.returncode}): "
      f"{len(countries)} requests in all, {repeated} storefronts asked twice, {len(rows)} rows, "
      f"{sweep_s:.0f} s (baseline: {len(codes)} storefronts, one request each) "
      f"(goal: no request repeated)")

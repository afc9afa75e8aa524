#!/usr/bin/env python3
"""`tunes mcp`: a tool answer from the response cache, timed through the real pipes.

Starts `tunes mcp`, warms the cache with one search, then times RUNS identical `tools/call
search` round trips (answered from the cache) and, as the baseline in the same process and run,
RUNS `ping` round trips (the protocol and the pipes alone). Prints the medians.

usage: mcp.py RUNS TUNES [TERM] [LIMIT]
"""
import json
import statistics
import subprocess
import sys
import time

runs, binary = int(sys.argv[1]), sys.argv[2]
term = sys.argv[3] if len(sys.argv) > 3 else "bench"
limit = int(sys.argv[4]) if len(sys.argv) > 4 else 200

server = subprocess.Popen([binary, "mcp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL)
next_id = 0


parse_ms = []


def ask(method, params=None):
    global next_id
    next_id += 1
    message = {"jsonrpc": "2.0", "id": next_id, "method": method}
    if params is not None:
        message["params"] = params
    server.stdin.write((json.dumps(message) + "\n").encode())
    server.stdin.flush()
    line = server.stdout.readline()
    if not line:
        sys.exit("tunes mcp ended")
    start = time.perf_counter()
    answer = json.loads(line)
    parse_ms.append((time.perf_counter() - start) * 1000)
    return answer


ask("initialize", {"protocolVersion": "2025-11-25", "capabilities": {},
                   "clientInfo": {"name": "bench", "version": "1"}})
server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
server.stdin.flush()
search = {"name": "search", "arguments": {"term": term, "limit": limit}}
warm = ask("tools/call", search)["result"]
if warm.get("isError"):
    sys.exit("the warm-up search failed: " + warm["content"][0]["text"])


def timed(method, params=None, check=None):
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        answer = ask(method, params)
        samples.append((time.perf_counter() - start) * 1000)
        if check:
            check(answer)
    return statistics.median(samples)


def from_cache(answer):
    if "cachedAt" not in answer["result"]["structuredContent"]:
        sys.exit("an answer did not come from the cache")


parse_ms.clear()
cached = timed("tools/call", search, from_cache)
parsing = statistics.median(parse_ms)
ping = timed("ping")
count = warm["structuredContent"]["count"]
server.stdin.close()
server.wait(timeout=10)
print(f"MCP search answered from the cache ({count} items): {cached:.2f} ms, of which the "
      f"client's json.loads {parsing:.2f} ms, vs ping {ping:.2f} ms (median of {runs} round trips "
      f"through the pipes); goal <= 5 ms")

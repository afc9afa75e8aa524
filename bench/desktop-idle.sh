#!/usr/bin/env bash
# The desktop integration's idle cost: an MPRIS session connected to a private dbus-daemon, a
# track published, then nothing for 10 s; prints the CPU ticks its bus thread and GDBus's worker
# thread took meanwhile (1 tick = 10 ms; the goal is 0).
#
# It is the bench-style test in DesktopLiveTests (IdleCostTests, on only with TUNES_BENCH_IDLE=1),
# run alone so that no other test talks through the process's one GDBus worker. Build first:
#   swift build --build-tests && bash bench/desktop-idle.sh
set -euo pipefail
cd "$(dirname "$0")/.."
TUNES_BENCH_IDLE=1 SWIFT_BACKTRACE=enable=no ${SWIFT:-swift} test --skip-build \
  --filter 'DesktopLiveTests.IdleCostTests/idleTicksOverTenSeconds' 2>&1 |
  grep -E '^desktop idle|✘|error' || { echo "desktop-idle: the test did not run" >&2; exit 1; }

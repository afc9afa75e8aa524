#!/usr/bin/env bash
# make fuzz: builds tunes-fuzz with libFuzzer and AddressSanitizer, then runs every target
# (`TUNES_FUZZ_TARGET=list` names them) for FUZZ_SECONDS each (default 60), from seeds made from
# the shared recordings plus the corpus kept from earlier runs in .build-fuzz/corpus/TARGET.
# A crash leaves its input in .build-fuzz/crashes/TARGET/ and makes this script fail.
# FUZZ_TARGETS="json input" runs only those; FUZZ_BUILD=0 skips the build.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
SCRATCH=.build-fuzz
SHARED=${TUNES_SHARED_FIXTURES:-../shared/fixtures/itunes}
EACH=${FUZZ_SECONDS:-60}
if [ "${FUZZ_BUILD:-1}" != 0 ]; then
  # SwiftPM passes `-sanitize=fuzzer -sanitize=address` as two flags and the Swift compiler keeps
  # only the last, so without the combined flag no Swift code got coverage counters (the fuzzer
  # was blind: "corp: 1/1b"). The combined one comes last and wins.
  $SWIFT build --product tunes-fuzz --sanitize fuzzer --sanitize address \
    -Xswiftc -sanitize=fuzzer,address --scratch-path $SCRATCH \
    2>&1 | grep -v "Cannot export local symbol" || true
fi
BIN=$SCRATCH/debug/tunes-fuzz
[ -x "$BIN" ] || { echo "fuzz: $BIN was not built"; exit 1; }
python3 Scripts/fuzz-seeds.py "$SHARED" $SCRATCH/seeds
# The image seeds are made by the binary itself (the replay server's encoders).
TUNES_FUZZ_SEEDS=$SCRATCH/seeds SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 $BIN
targets=${FUZZ_TARGETS:-$(TUNES_FUZZ_TARGET=list $BIN)}
failed=""
for target in $targets; do
  mkdir -p $SCRATCH/corpus/$target $SCRATCH/crashes/$target
  echo "== fuzz $target for ${EACH}s"
  set +e
  TUNES_FUZZ_TARGET=$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
    $BIN -max_total_time=$EACH -max_len=65536 -timeout=20 -rss_limit_mb=4096 \
    -print_final_stats=1 -artifact_prefix=$SCRATCH/crashes/$target/ \
    $SCRATCH/corpus/$target $SCRATCH/seeds/$target >$SCRATCH/$target.log 2>&1
  status=$?
  set -e
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov: " $SCRATCH/$target.log | tail -3
  if [ $status -ne 0 ]; then
    failed="$failed $target"
    grep -E "ERROR|tunes-fuzz:|SUMMARY|Fatal error|artifact" $SCRATCH/$target.log | head -20
  fi
done
if [ -n "$failed" ]; then echo "fuzz: crashes in:$failed (inputs in $SCRATCH/crashes/)"; exit 1; fi
echo "fuzz: no crash"

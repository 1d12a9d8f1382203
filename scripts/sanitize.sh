#!/usr/bin/env bash
# The sanitizer run CI makes after the normal one: one build with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (a finding stops the program) and the fuzz targets, in build-sanitize/
# (ONESHADER_SANITIZE_BUILD_DIR picks another). It runs the test suite there, without the
# execution label (that runs in the normal build), the fuzz targets' seed replays among them, then
# every fuzz target for ONESHADER_FUZZ_SECONDS seconds (default 30; 0 skips).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ONESHADER_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
seconds="${ONESHADER_FUZZ_SECONDS:-30}"

command -v clang++ >/dev/null || { echo "sanitize.sh: needs clang++ (apt-get install clang)" >&2; exit 2; }
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
  -DONESHADER_FUZZ=ON -DONESHADER_SANITIZE=address,undefined -DONESHADER_BUILD_BENCH=OFF
cmake --build "$build" -j "$(nproc)"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:detect_stack_use_after_return=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -LE 'exec'

if [[ "$seconds" != 0 ]]; then
  for source in "$root"/tests/fuzz/*_fuzz.cpp; do
    name="$(basename "$source" _fuzz.cpp)"
    log="$build/fuzz-$name.log"
    if ! "$root/tests/fuzz/run.sh" "$name" "$seconds" "$build" >"$log" 2>&1; then
      tail -n 60 "$log"
      echo "sanitize.sh: fuzz_$name found a problem (the input is in $build/fuzz-findings/$name/)" >&2
      exit 1
    fi
    echo "fuzz_$name, $seconds s: $(grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$log" | tr '\n' ' ')$(grep -oE 'cov: [0-9]+' "$log" | tail -n 1)"
  done
fi

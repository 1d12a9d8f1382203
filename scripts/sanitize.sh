#!/usr/bin/env bash
# The sanitizer part of scripts/test.sh: one build with clang, AddressSanitizer and
# UndefinedBehaviorSanitizer (a finding stops the program) and the fuzz targets, in build-sanitize/
# (ONESHADER_SANITIZE_BUILD_DIR picks another). It builds what that run needs (not the execution
# tests, which run in the ordinary build with the package and ThreadSanitizer tests), runs every
# other test there (the fuzz targets' seed replays among them), then every fuzz target for
# ONESHADER_FUZZ_SECONDS seconds (default 20; 0 skips), ONESHADER_FUZZ_JOBS at a time (default: the
# number of cores).
# Each step prints its wall time; docs/reliability.md has the figures.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ONESHADER_SANITIZE_BUILD_DIR:-$root/build-sanitize}"
seconds="${ONESHADER_FUZZ_SECONDS:-20}"
jobs="${ONESHADER_FUZZ_JOBS:-$(nproc)}"

command -v clang++ >/dev/null || { echo "sanitize.sh: needs clang++ (apt-get install clang)" >&2; exit 2; }
step() { echo "sanitize.sh: $1 took $((SECONDS - step_start)) s"; step_start=$SECONDS; }
step_start=$SECONDS

# The library at -O1 keeps the sanitized tests fast; the test programs at -O0 halve the build (at -O1
# instrumenting Catch2's large test functions costs more than the whole library); line tables are all
# a report's stack needs.
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" -DONESHADER_TEST_COMPILE_OPTIONS=-O0 \
  -DONESHADER_FUZZ=ON -DONESHADER_SANITIZE=address,undefined -DONESHADER_BUILD_BENCH=OFF >/dev/null
# Every test and fuzz executable but the execution tests' (Vulkan, Metal-on-CPU and WebGPU runners).
mapfile -t targets < <(ninja -C "$build" -t targets | sed -n 's/^\(\(tests\|fuzz\)_[a-z0-9_]*\): phony$/\1/p' |
                       grep -vE '^tests_(exec|msl_exec|wgsl_exec)$')
cmake --build "$build" -j "$(nproc)" --target oneshader_tool oneshader_hot_reload_example "${targets[@]}"
step "the sanitizer build"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1:detect_stack_use_after_return=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" -LE '^(exec|package|tsan)$'
step "the test suite under ASan+UBSan"

if [[ "$seconds" != 0 ]]; then
  # The seeds once, before targets that share them start in parallel.
  [[ -d "$build/tests/fuzz/seeds/hlsl" ]] || "$build/tests/fuzz/fuzz_seeds" "$root" "$build/tests/fuzz/seeds" >/dev/null
  names=()
  for source in "$root"/tests/fuzz/*_fuzz.cpp; do names+=("$(basename "$source" _fuzz.cpp)"); done
  failed=0
  run_one() {
    local name="$1" log="$build/fuzz-$1.log"
    if "$root/tests/fuzz/run.sh" "$name" "$seconds" "$build" >"$log" 2>&1; then
      echo "fuzz_$name, $seconds s: $(grep -E '^stat::number_of_executed_units|^stat::new_units_added' "$log" | tr '\n' ' ')$(grep -oE 'cov: [0-9]+ ft: [0-9]+' "$log" | tail -n 1)"
    else
      tail -n 60 "$log"
      # A CI log is often all there is of the machine that found it: the finding's first line, the
      # random seed, and the input itself (gzip, base64, one line) come last, where a tail shows them.
      grep -m 1 -E '^fuzz finding:|^==[0-9]+==ERROR|runtime error:' "$log" || true
      grep -m 1 -E '^INFO: Seed:' "$log" || true
      local input
      input="$(ls -t "$build/fuzz-findings/$name/" 2>/dev/null | head -n 1)"
      if [[ -n "$input" ]]; then
        echo "the input, to replay with: echo '<the line below>' | base64 -d | gunzip > input && fuzz_$name input"
        gzip -9c "$build/fuzz-findings/$name/$input" | base64 -w 0
        echo
      fi
      echo "sanitize.sh: fuzz_$name found a problem (the input is in $build/fuzz-findings/$name/)" >&2
      return 1
    fi
  }
  for ((k = 0; k < ${#names[@]}; k += jobs)); do
    pids=()
    for name in "${names[@]:k:jobs}"; do run_one "$name" & pids+=($!); done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
  done
  ((failed == 0)) || exit 1
  step "the fuzz targets, $seconds s each, $jobs at a time"
fi

#!/usr/bin/env bash
# Command 2: set up (the WGSL tools: Node packages and SwiftShader; then the build's packages), build, and run
# every test once, each where it belongs:
# - the ordinary build (build/, g++) runs what needs it: the execution tests (lavapipe, WebGPU, MSL on the CPU;
#   label `exec`), the installed package (`package`) and the compile cache under ThreadSanitizer (`tsan`);
# - scripts/sanitize.sh builds the rest with clang, AddressSanitizer and UndefinedBehaviorSanitizer and runs it
#   there (every other label: unit, corpus, sweep, snapshots, fuzz seed replays), then each fuzz target for a while.
# ONESHADER_SANITIZE_TESTS=0 builds everything in the ordinary build and runs every test there instead
# (no sanitizers, no fuzzing). Each part prints its wall time.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BUILD_DIR:-$root/build}"
start=$SECONDS
part() { echo "test.sh: $1 took $((SECONDS - start)) s"; start=$SECONDS; }

"$root/scripts/setup-wgsl.sh"
if [[ "${ONESHADER_SANITIZE_TESTS:-1}" == 0 ]]; then
  "$root/scripts/setup.sh"
  part "setting up and building"
  ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
  part "every test"
  exit 0
fi

"$root/scripts/setup.sh" oneshader_tool oneshader_cli tests_exec tests_msl_exec tests_wgsl_exec tests_cache_tsan
part "setting up and the ordinary build"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)" -L '^(exec|package|tsan)$'
part "the execution, package and ThreadSanitizer tests"
"$root/scripts/sanitize.sh"
part "the sanitizer build, its tests and the fuzz targets"

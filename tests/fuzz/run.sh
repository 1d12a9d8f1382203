#!/usr/bin/env bash
# tests/fuzz/run.sh TARGET SECONDS [BUILD_DIR]
#
# Runs the fuzz target fuzz_TARGET (preprocess, compile_spirv, compile_msl, compile_wgsl, compile_all,
# ir_parser, optimizer, reflection_reader, command_line) for SECONDS seconds from its seeds, with
# its dictionary; SECONDS 0 only replays the seeds (the `fuzz` tests do that). BUILD_DIR is a build
# configured with clang, -DONESHADER_FUZZ=ON and -DONESHADER_SANITIZE=address,undefined; without
# it, build-fuzz/ in the repository is configured and built as needed. Inputs the run finds go to
# BUILD_DIR/fuzz-work/TARGET, crashes and findings to BUILD_DIR/fuzz-findings/TARGET/, and the
# figures (executions per second, coverage) are the last lines libFuzzer prints.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
target="${1:?usage: run.sh TARGET SECONDS [BUILD_DIR]}"
seconds="${2:?usage: run.sh TARGET SECONDS [BUILD_DIR]}"
build="${3:-$root/build-fuzz}"
fuzz="$build/tests/fuzz"

if [[ ! -x "$fuzz/fuzz_$target" || -z "${3:-}" ]]; then
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
      -DCMAKE_CXX_FLAGS_RELWITHDEBINFO="-O1 -gline-tables-only" \
      -DONESHADER_FUZZ=ON -DONESHADER_SANITIZE=address,undefined -DONESHADER_BUILD_BENCH=OFF >/dev/null
  fi
  cmake --build "$build" --target "fuzz_$target" fuzz_seeds
fi
[[ -x "$fuzz/fuzz_$target" ]] || { echo "run.sh: no fuzz target '$target' in $fuzz" >&2; exit 2; }
seeds="$fuzz/seeds"
[[ -d "$seeds/hlsl" ]] || "$fuzz/fuzz_seeds" "$root" "$seeds"

committed="$root/tests/fuzz/corpus"
dict=()
case "$target" in
  preprocess) dirs=("$seeds/hlsl" "$committed/preprocess" "$committed/hlsl"); dict=(-dict="$root/tests/fuzz/hlsl.dict") ;;
  compile_*) dirs=("$seeds/hlsl" "$committed/hlsl"); dict=(-dict="$root/tests/fuzz/hlsl.dict") ;;
  ir_parser|optimizer) dirs=("$seeds/ir" "$committed/ir"); dict=(-dict="$seeds/ir.dict") ;;
  reflection_reader) dirs=("$seeds/reflection" "$committed/reflection") ;;
  command_line) dirs=("$committed/command_line") ;;
  *) echo "run.sh: unknown target '$target'" >&2; exit 2 ;;
esac
existing=()
for d in "${dirs[@]}"; do [[ -d "$d" ]] && existing+=("$d"); done

# A leak is not what these targets look for, and libFuzzer's own leak check doubles the cost.
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
common=(-timeout=20 -rss_limit_mb=4096 -print_final_stats=1)
if [[ "$seconds" == 0 ]]; then
  exec "$fuzz/fuzz_$target" "${common[@]}" -runs=0 "${existing[@]}"
fi
work="$build/fuzz-work/$target"
findings="$build/fuzz-findings/$target"
mkdir -p "$work" "$findings"
exec "$fuzz/fuzz_$target" "${common[@]}" "${dict[@]}" -max_total_time="$seconds" \
  -artifact_prefix="$findings/" "$work" "${existing[@]}"

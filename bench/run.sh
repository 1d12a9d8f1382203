#!/usr/bin/env bash
# bench/run.sh - build a Release tree and measure OneShader against glslangValidator on every corpus
# entry point, then regenerate docs/performance.md from the results.
#
#   bench/run.sh            the full run (every entry point; 15 process runs each; 200 in-process compiles)
#   bench/run.sh --quick    4 files, 10 process runs, 20 in-process compiles: proves the harness works
#
# Other options go to bench/bench.py (--runs N, --iters N, --mem-runs N, corpus files to measure).
# Environment: ONESHADER_BENCH_BUILD_DIR (default build-release), ONESHADER_BENCH_JOBS (default: all cores).
# Raw results go to bench/results/ (scratch outputs in bench/results/tmp/, ignored by git).
# Run it on a quiet machine: the numbers are only as good as the machine is idle.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BENCH_BUILD_DIR:-$root/build-release}"
jobs="${ONESHADER_BENCH_JOBS:-$(nproc)}"

for tool in cmake ninja glslangValidator spirv-opt spirv-val python3 /usr/bin/time; do
  if ! command -v "$tool" >/dev/null; then
    echo "bench: '$tool' is missing; scripts/setup.sh lists the Debian packages (time, spirv-tools, glslang-tools, ...)" >&2
    exit 1
  fi
done

echo "bench: building Release in ${build_dir#$root/}"
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release -DONESHADER_BUILD_TESTS=OFF \
  -DONESHADER_BUILD_BENCH=ON >/dev/null
cmake --build "$build_dir" -j "$jobs" --target oneshader_tool oneshader_compile_bench

python3 "$root/bench/bench.py" --build-dir "$build_dir" "$@"
python3 "$root/bench/report.py"

#!/usr/bin/env bash
# bench/run.sh - build a Release tree and measure OneShader against glslangValidator on every corpus
# entry point, then regenerate docs/performance.md from the results.
#
#   bench/run.sh                       the full run (every entry point; 15 process runs each; 200 in-process compiles)
#   bench/run.sh --quick               4 files, 10 process runs, 20 in-process compiles: proves the harness works
#   bench/run.sh --baseline REF        also before and after in one run: builds commit REF from a git worktree
#                                      (bench/results/tmp/baseline-src) into build-release-base, then
#                                      bench/before_after.py measures both trees alternating, and the page gets
#                                      a "Before and after" section (with --quick: a shorter comparison)
#   bench/run.sh --no-instructions     skip the per-process valgrind count of every entry point
#   bench/run.sh --pgo                 build the measured tree with profile-guided optimization
#                                      (scripts/build-pgo.sh: an instrumented tree trained on the corpus, then
#                                      the optimized one); the baseline is built as its commit builds
#
# Other options go to bench/bench.py (--runs N, --iters N, --mem-runs N, corpus files to measure).
# Environment: ONESHADER_BENCH_BUILD_DIR (default build-release), ONESHADER_BENCH_JOBS (default: all cores),
# ONESHADER_BENCH_BASELINE (REF, as --baseline), ONESHADER_BENCH_BASELINE_BUILD_DIR (default build-release-base).
# A baseline build already at REF is reused (only what changed is rebuilt).
# Raw results go to bench/results/ (scratch outputs in bench/results/tmp/, ignored by git).
# Run it on a quiet machine: the numbers are only as good as the machine is idle.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BENCH_BUILD_DIR:-$root/build-release}"
base_build_dir="${ONESHADER_BENCH_BASELINE_BUILD_DIR:-$root/build-release-base}"
base_src="$root/bench/results/tmp/baseline-src"
jobs="${ONESHADER_BENCH_JOBS:-$(nproc)}"
baseline="${ONESHADER_BENCH_BASELINE:-}"
pgo=0

bench_args=()
ba_args=()
while [ $# -gt 0 ]; do
  case "$1" in
    --baseline) [ $# -ge 2 ] || { echo "bench: --baseline needs a revision" >&2; exit 2; }
                baseline="$2"; shift 2 ;;
    --baseline=*) baseline="${1#--baseline=}"; shift ;;
    --quick) bench_args+=("$1"); ba_args+=("$1"); shift ;;
    --pgo) pgo=1; shift ;;
    *) bench_args+=("$1"); shift ;;
  esac
done

for tool in cmake ninja glslangValidator spirv-opt spirv-val python3 /usr/bin/time git; do
  if ! command -v "$tool" >/dev/null; then
    echo "bench: '$tool' is missing; scripts/setup.sh lists the Debian packages (time, spirv-tools, glslang-tools, ...)" >&2
    exit 1
  fi
done

configure_and_build() {  # source dir, build dir, extra CMake options
  cmake -S "$1" -B "$2" -G Ninja -DCMAKE_BUILD_TYPE=Release -DONESHADER_BUILD_TESTS=OFF \
    -DONESHADER_BUILD_BENCH=ON "${@:3}" >/dev/null
  cmake --build "$2" -j "$jobs" --target oneshader_tool oneshader_compile_bench
}

start=$(date +%s)
if [ "$pgo" = 1 ]; then
  echo "bench: building Release with profile-guided optimization in ${build_dir#$root/}"
  ONESHADER_PGO_CMAKE_ARGS="-DONESHADER_BUILD_TESTS=OFF -DONESHADER_BUILD_BENCH=ON" \
    "$root/scripts/build-pgo.sh" "$build_dir" -- oneshader_tool oneshader_compile_bench
else
  echo "bench: building Release in ${build_dir#$root/}"
  # A tree configured by an earlier --pgo run goes back to a plain build.
  configure_and_build "$root" "$build_dir" -DONESHADER_PGO=OFF
fi

if [ -n "$baseline" ]; then
  # Everything is built before anything is measured.
  commit="$(git -C "$root" rev-parse --verify --quiet "$baseline^{commit}")" || {
    echo "bench: --baseline $baseline is not a commit of this repository" >&2; exit 2; }
  git -C "$root" worktree prune
  if [ ! -e "$base_src/.git" ]; then
    rm -rf "$base_src"
    mkdir -p "$(dirname "$base_src")"
    git -C "$root" worktree add --detach --quiet "$base_src" "$commit"
  elif [ "$(git -C "$base_src" rev-parse HEAD)" != "$commit" ]; then
    git -C "$base_src" checkout --detach --quiet --force "$commit"
  fi
  echo "bench: building the baseline $baseline ($(git -C "$base_src" log -1 --format='%h %s' | cut -c1-70)) in ${base_build_dir#$root/}"
  configure_and_build "$base_src" "$base_build_dir"
fi

# The builds (and --pgo's training) just loaded every core: measuring at once would time a busy machine
# and the page would say so. Wait, up to ONESHADER_BENCH_SETTLE_S seconds (default 300), for the one-minute
# load average to fall under a quarter of the cores, as bench/report.py's "loaded machine" test asks.
settle="${ONESHADER_BENCH_SETTLE_S:-300}"
waited=0
while [ "$waited" -lt "$settle" ] &&
      ! python3 -c 'import os,sys; sys.exit(0 if os.getloadavg()[0] <= 0.25 * os.cpu_count() else 1)'; do
  [ "$waited" = 0 ] && echo "bench: waiting up to ${settle} s for the load average to settle after the build"
  sleep 10
  waited=$((waited + 10))
done
[ "$waited" -gt 0 ] && echo "bench: waited ${waited} s (load average $(cut -d' ' -f1-3 /proc/loadavg))"

python3 "$root/bench/bench.py" --build-dir "$build_dir" "${bench_args[@]+"${bench_args[@]}"}"
python3 "$root/bench/report.py"
if [ -n "$baseline" ]; then
  python3 "$root/bench/before_after.py" --base "$base_build_dir" --base-src "$base_src" --base-ref "$baseline" \
    --new "$build_dir" "${ba_args[@]+"${ba_args[@]}"}"
  python3 "$root/bench/report.py"
fi
echo "bench: done in $(( $(date +%s) - start )) s"

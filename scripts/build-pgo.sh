#!/usr/bin/env bash
# A profile-guided Release build: builds an instrumented tree (ONESHADER_PGO=GENERATE) of the tool,
# runs it on every corpus entry point (scripts/pgo_train.py) to write a profile, then configures the
# build folder with ONESHADER_PGO=USE and builds it. About twice the time of a plain build; the
# compiler it gives is about a quarter faster in process (docs/performance.md).
#
#   scripts/build-pgo.sh [BUILD_DIR] [-- TARGET...]
#
# BUILD_DIR defaults to build-pgo; the instrumented tree is BUILD_DIR-instrumented and the profile
# BUILD_DIR/pgo-profile (written afresh each time). Targets after `--` are built in BUILD_DIR (default:
# all). Extra CMake options come from ONESHADER_PGO_CMAKE_ARGS (e.g. "-DONESHADER_BUILD_TESTS=OFF").
# The compiler is CMake's C++ compiler and must be g++ (the configure says so otherwise). A rerun
# retrains, and rebuilds in BUILD_DIR what changed since (with the new profile).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="$root/build-pgo"
if [ $# -gt 0 ] && [ "$1" != "--" ]; then
  build_dir="$(realpath -m "$1")"
  shift
fi
targets=()
if [ $# -gt 0 ] && [ "$1" = "--" ]; then
  shift
  targets=("$@")
fi
instrumented="$build_dir-instrumented"
profile="$build_dir/pgo-profile"
jobs="$(nproc)"
# Word splitting is wanted: the variable holds several options.
# shellcheck disable=SC2206
extra=(${ONESHADER_PGO_CMAKE_ARGS:-})

for tool in cmake ninja python3 g++; do
  command -v "$tool" >/dev/null || { echo "build-pgo: '$tool' is missing; scripts/setup.sh installs it" >&2; exit 1; }
done

start=$(date +%s)
echo "build-pgo: instrumented tool in ${instrumented#$root/}"
rm -rf "$profile"
mkdir -p "$profile"
cmake -S "$root" -B "$instrumented" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DONESHADER_BUILD_TESTS=OFF -DONESHADER_BUILD_BENCH=OFF -DONESHADER_INSTALL=OFF \
  -DONESHADER_PGO=GENERATE -DONESHADER_PGO_DIR="$profile" >/dev/null
cmake --build "$instrumented" -j "$jobs" --target oneshader_tool

echo "build-pgo: training on the corpus"
python3 "$root/scripts/pgo_train.py" "$instrumented/oneshader" --jobs "$jobs"

echo "build-pgo: optimized build in ${build_dir#$root/}"
cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DONESHADER_PGO=USE -DONESHADER_PGO_DIR="$profile" "${extra[@]+"${extra[@]}"}" >/dev/null
if [ ${#targets[@]} -gt 0 ]; then
  cmake --build "$build_dir" -j "$jobs" --target "${targets[@]}"
else
  cmake --build "$build_dir" -j "$jobs"
fi
echo "build-pgo: done in $(( $(date +%s) - start )) s; the tool is ${build_dir#$root/}/oneshader"

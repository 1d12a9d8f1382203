#!/usr/bin/env bash
# Command 1: set up, build, and compile a sample shader from the corpus with the built tool: every
# entry point of corpus/2d/sprite.hlsl to SPIR-V, with its reflection JSON and dependency file, in
# out/, to WGSL (out/sprite.<entry>.wgsl) and to MSL (out/sprite.<entry>.metal).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BUILD_DIR:-$root/build}"
"$root/scripts/setup.sh"

tool="$build_dir/oneshader"
sample="corpus/2d/sprite.hlsl"
out="out"
cd "$root"
mkdir -p "$out"
rm -f "$out"/sprite.*

if ! "$tool" --all-entries --target spirv "$sample" -Fo "$out/sprite.spv" \
     --reflect "$out/sprite.json" --depfile "$out/sprite.d"; then
  echo "build: compiling $sample failed" >&2
  exit 1
fi
if ! "$tool" --all-entries --target wgsl "$sample" -Fo "$out/sprite.wgsl"; then
  echo "build: compiling $sample to WGSL failed" >&2
  exit 1
fi
# The same entry points as Metal Shading Language, one .metal file each (spec page "Compile HLSL to Metal
# Shading Language").
if ! "$tool" --all-entries --target msl "$sample" -Fo "$out/sprite"; then
  echo "build: compiling $sample to MSL failed" >&2
  exit 1
fi
echo "build: compiled $sample to SPIR-V, WGSL and MSL:"
for file in "$out"/sprite.*; do
  echo "  $file ($(wc -c <"$file") bytes)"
done

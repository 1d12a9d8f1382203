#!/usr/bin/env bash
# Command 2: set up (the WGSL tools: Node packages and SwiftShader; then the build's packages), build, and run
# every test (all labels).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BUILD_DIR:-$root/build}"
"$root/scripts/setup-wgsl.sh"
"$root/scripts/setup.sh"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"

#!/usr/bin/env bash
# Command 2: set up, build, and run every test (all labels).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BUILD_DIR:-$root/build}"
"$root/scripts/setup.sh"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"

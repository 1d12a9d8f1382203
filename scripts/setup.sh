#!/usr/bin/env bash
# Installs the Debian packages the build needs (only the missing ones, and only as root), then
# configures and builds OneShader with Ninja in build/ (or $ONESHADER_BUILD_DIR): every target, or
# the targets given as arguments. The build type is Release unless CMAKE_BUILD_TYPE says otherwise:
# the tool it makes is the one users run, and without debug information the build takes about a
# quarter less time (CMAKE_BUILD_TYPE=RelWithDebInfo for a debuggable tree).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${ONESHADER_BUILD_DIR:-$root/build}"
packages=(cmake ninja-build g++ libfmt-dev catch2 spirv-headers spirv-tools glslang-tools
          libvulkan-dev mesa-vulkan-drivers vulkan-validationlayers time spirv-cross clang python3)

if command -v dpkg-query >/dev/null; then
  missing=()
  for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed'; then
      missing+=("$package")
    fi
  done
  if ((${#missing[@]} > 0)); then
    if [[ "$(id -u)" -ne 0 ]]; then
      echo "setup: missing packages; install them as root, then run this again:" >&2
      echo "apt-get install ${missing[*]}" >&2
      exit 1
    fi
    echo "setup: installing ${missing[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
  fi
else
  echo "setup: no dpkg here; make sure these (or your system's equivalents) are installed: ${packages[*]}" >&2
fi

cmake -S "$root" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${CMAKE_BUILD_TYPE:-Release}"
cmake --build "$build_dir" -j "$(nproc)" ${1:+--target "$@"}

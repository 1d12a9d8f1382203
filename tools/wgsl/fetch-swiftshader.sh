#!/usr/bin/env bash
# Fetches SwiftShader, Google's CPU Vulkan driver, from Debian's chromium-common package into a cache folder, so that
# Dawn for Node can run WebGPU on the CPU. Idempotent: does nothing when the driver is already there. Prints the path
# of the ICD file to point VK_ICD_FILENAMES at.
#
#   tools/wgsl/fetch-swiftshader.sh [DIR]     DIR defaults to $ONESHADER_SWIFTSHADER_DIR, else <repo>/.cache/swiftshader
#
# Needs apt-get and dpkg-deb (Debian); downloading needs no root, but the `apt-get update` that a failed download
# retries after does, so CI runs it as root.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
dir="${1:-${ONESHADER_SWIFTSHADER_DIR:-$root/.cache/swiftshader}}"
lib_dir=usr/lib/chromium
icd="$dir/$lib_dir/vk_swiftshader_icd.json"

if [[ -f "$icd" && -f "$dir/$lib_dir/libvk_swiftshader.so" ]]; then
  echo "$icd"
  exit 0
fi
for tool in apt-get dpkg-deb; do
  if ! command -v "$tool" >/dev/null; then
    echo "fetch-swiftshader: $tool is missing: SwiftShader comes from Debian's chromium-common package" >&2
    exit 1
  fi
done

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
chmod 777 "$work"  # apt-get download writes as the _apt user when run as root

download() { (cd "$work" && apt-get download -qq chromium-common >/dev/null); }
if ! download; then
  if [[ "$(id -u)" -ne 0 ]]; then
    echo "fetch-swiftshader: apt-get download chromium-common failed; run 'apt-get update' as root, then this again" >&2
    exit 1
  fi
  echo "fetch-swiftshader: download failed; running apt-get update and trying again" >&2
  apt-get update -qq
  download
fi

deb=("$work"/chromium-common_*.deb)
dpkg-deb -x "${deb[0]}" "$work/x"
for file in "$lib_dir/libvk_swiftshader.so" "$lib_dir/vk_swiftshader_icd.json"; do
  if [[ ! -f "$work/x/$file" ]]; then
    echo "fetch-swiftshader: ${deb[0]##*/} has no $file" >&2
    exit 1
  fi
done

# Only the driver, its ICD file and the package's copyright stay; staged beside the target and moved into place so an
# interrupted run leaves nothing half-written.
stage="$dir.partial.$$"
rm -rf "$stage"
mkdir -p "$stage/$lib_dir" "$stage/usr/share/doc/chromium-common"
cp "$work/x/$lib_dir/libvk_swiftshader.so" "$work/x/$lib_dir/vk_swiftshader_icd.json" "$stage/$lib_dir/"
cp "$work/x/usr/share/doc/chromium-common/copyright" "$stage/usr/share/doc/chromium-common/" 2>/dev/null || true
dpkg-deb -f "${deb[0]}" Package Version > "$stage/PACKAGE"
mkdir -p "$(dirname "$dir")"
rm -rf "$dir"
mv "$stage" "$dir"
echo "$icd"

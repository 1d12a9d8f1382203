#!/usr/bin/env bash
# Sets up what the WGSL checks need: Node.js and npm (from Debian, only when missing, only as root), the pinned npm
# packages of tools/wgsl (Tint through Dawn for Node, naga as WebAssembly: `npm ci`, rerun when package-lock.json
# changed since the last install), and SwiftShader for WebGPU on the CPU (tools/wgsl/fetch-swiftshader.sh).
# Idempotent and quiet when everything is there. scripts/test.sh runs it before building.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tools="$root/tools/wgsl"
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", b - a }'; }

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  if [[ "$(id -u)" -ne 0 ]] || ! command -v apt-get >/dev/null; then
    echo "setup-wgsl: node and npm are missing; install them (as root: apt-get install nodejs npm), then run this again" >&2
    exit 1
  fi
  start="$(now)"
  apt-get update -qq
  # nodejs first: some builds of it bring npm themselves (and conflict with Debian's npm package).
  for package in nodejs npm; do
    if ! command -v "${package/nodejs/node}" >/dev/null; then
      echo "setup-wgsl: installing $package"
      DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$package"
    fi
  done
  echo "setup-wgsl: Node.js $(node --version) and npm $(npm --version) installed in $(took "$start")"
fi
major="$(node -p 'process.versions.node.split(".")[0]')"
if ((major < 18)); then
  echo "setup-wgsl: Node.js $(node --version) is too old; the WGSL tools need 18 or later" >&2
  exit 1
fi

# node_modules is current when it was installed from this very lock file.
stamp="$tools/node_modules/.oneshader-lock-sha256"
want="$(sha256sum "$tools/package-lock.json" | cut -d' ' -f1)"
if [[ ! -f "$stamp" || "$(cat "$stamp")" != "$want" ]]; then
  start="$(now)"
  echo "setup-wgsl: npm ci in tools/wgsl"
  # --ignore-scripts: the one install script (in webgpu) only clears a macOS quarantine flag.
  (cd "$tools" && npm ci --ignore-scripts --no-audit --no-fund --loglevel=error)
  echo "$want" > "$stamp"
  echo "setup-wgsl: npm ci took $(took "$start")"
fi

icd_dir="${ONESHADER_SWIFTSHADER_DIR:-$root/.cache/swiftshader}"
if [[ ! -f "$icd_dir/usr/lib/chromium/vk_swiftshader_icd.json" ]]; then
  start="$(now)"
  "$tools/fetch-swiftshader.sh" >/dev/null
  echo "setup-wgsl: SwiftShader fetched into $icd_dir in $(took "$start")"
fi

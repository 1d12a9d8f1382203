// swiftshader.mjs - points the Vulkan loader at SwiftShader (fetched by fetch-swiftshader.sh) before Dawn starts, so
// that Dawn's Vulkan backend runs WebGPU on the CPU. Mesa's lavapipe is no alternative: Dawn refuses it (it lacks
// shaderUniform*ArrayDynamicIndexing).
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

// The ICD file: $ONESHADER_SWIFTSHADER_ICD, else the one fetch-swiftshader.sh puts under $ONESHADER_SWIFTSHADER_DIR or
// <repo>/.cache/swiftshader. Throws with what to run when it is missing.
export function swiftshaderIcd() {
  const dir = process.env.ONESHADER_SWIFTSHADER_DIR || join(repoRoot, '.cache', 'swiftshader');
  const icd = process.env.ONESHADER_SWIFTSHADER_ICD || join(dir, 'usr', 'lib', 'chromium', 'vk_swiftshader_icd.json');
  if (!existsSync(icd)) {
    throw new Error(`SwiftShader is missing (${icd}): run tools/wgsl/fetch-swiftshader.sh (or scripts/setup-wgsl.sh)`);
  }
  return icd;
}

// Makes the Vulkan loader see SwiftShader only. Must run before the first create() of the process.
export function useSwiftshader() {
  const icd = swiftshaderIcd();
  process.env.VK_ICD_FILENAMES = icd;  // older loaders
  process.env.VK_DRIVER_FILES = icd;   // loaders from 1.3.207 on
  // The Vulkan backend probes the window system, which prints an error without a runtime folder (as under CI);
  // a private empty one for the life of the process keeps standard error for real messages.
  if (!process.env.XDG_RUNTIME_DIR) {
    const runtime = mkdtempSync(join(tmpdir(), 'oneshader-webgpu-'));
    chmodSync(runtime, 0o700);
    process.env.XDG_RUNTIME_DIR = runtime;
    process.on('exit', () => rmSync(runtime, { recursive: true, force: true }));
  }
  return icd;
}

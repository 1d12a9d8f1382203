// setup_check.mjs - a self-test imports this first: it fails at once, saying what to run, when the npm packages
// (or, for the runner, SwiftShader) are not installed, instead of failing later with a module-not-found trace.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { swiftshaderIcd } from '../lib/swiftshader.mjs';

const tools = join(dirname(fileURLToPath(import.meta.url)), '..');

export function requireSetup({ swiftshader = false } = {}) {
  const missing = ['webgpu', 'wgsl-wasm-transpiler-bundler'].filter((p) => !existsSync(join(tools, 'node_modules', p, 'package.json')));
  if (missing.length > 0) {
    console.error(`the npm packages ${missing.join(', ')} are not installed in tools/wgsl: run scripts/setup-wgsl.sh`);
    process.exit(1);
  }
  if (swiftshader) {
    try {
      swiftshaderIcd();
    } catch (error) {
      console.error(error.message);
      process.exit(1);
    }
  }
}

// harness.mjs - what both self-tests need: a setup check that fails at once, saying what to run, when the npm
// packages (or, for the runner, SwiftShader) are missing, instead of later with a module-not-found trace; and a run
// of one tool over many inputs streamed on its standard input, as a test of the backend would do it.
import { spawn } from 'node:child_process';
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

// Runs tools/wgsl/TOOL with `--list -`, writing `paths` to it; resolves with its JSON lines, stderr and exit status.
export function runTool(tool, paths) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(tools, tool), '--list', '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (status) => resolve({ lines: stdout.split('\n').filter(Boolean).map((l) => JSON.parse(l)), stderr, status }));
    child.stdin.end(paths.join('\n') + '\n');
  });
}

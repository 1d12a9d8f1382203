#!/usr/bin/env node
// validate.selftest.mjs - proves the validator service catches real errors: runs validate.mjs once (streaming paths
// on standard input, as a test of the backend would) over selftest/validate/*.wgsl and checks every verdict against
// the table below. Where naga 25 accepts what WGSL forbids, the table says so (`naga: 'ok'` with the reason), so a
// naga that starts rejecting it fails here and the table is updated, rather than the difference going unnoticed.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { requireSetup, runTool } from './harness.mjs';

requireSetup();

const here = dirname(fileURLToPath(import.meta.url));
const fixtures = join(here, 'validate');

// file: expected Tint and naga verdicts ('ok', or a pattern the error must match) and why.
const expectations = {
  'compute_add.wgsl': { tint: 'ok', naga: 'ok' },
  'render_sprite.wgsl': { tint: 'ok', naga: 'ok' },
  'override_f16.wgsl': { tint: 'ok', naga: 'ok', nagaNote: /Pipeline constants are not yet supported/ },
  'subgroups.wgsl': { tint: 'ok', naga: /`subgroups` enable-extension is not yet supported/,
                      why: "naga 25's WGSL reader does not parse the subgroups extension" },
  'type_error.wgsl': { tint: /cannot convert value of type 'abstract-float' to type 'i32'/, naga: /expected to be `i32`/ },
  'undeclared.wgsl': { tint: /unresolved value 'missing_value'/, naga: /no definition in scope for identifier: `missing_value`/ },
  'read_only_write.wgsl': { tint: /cannot store into a read-only type/, naga: /^Validation failed: Entry point main/ },
  'builtin_type.wgsl': { tint: /local_invocation_index\)' must be 'u32'/, naga: /^Validation failed: Entry point main/ },
  'uniformity_barrier.wgsl': { tint: /'workgroupBarrier' must only be called from uniform control flow/, naga: 'ok',
                               why: 'naga has no WGSL uniformity analysis for barriers (gfx-rs/wgpu#4369)' },
  'uniformity_derivative.wgsl': { tint: /'textureSample' must only be called from uniform control flow/, naga: 'ok',
                                  why: "naga's derivative uniformity check is off for fragment shaders (gfx-rs/wgpu#4369)" },
  'binding_clash.wgsl': { tint: /multiple variables that use the same resource binding '@group\(0\)', '@binding\(0\)'/,
                          naga: 'ok', why: 'naga accepts two resources at one binding (gfx-rs/wgpu#5787)' },
  'location_clash.wgsl': { tint: /'@location\(0\)' appears multiple times/, naga: 'ok',
                           why: 'naga 25 as packaged accepts two outputs at one location' },
  'missing_binding.wgsl': { tint: /resource variables require '@group' and '@binding'/, naga: 'ok',
                            why: 'naga 25 as packaged accepts a resource without a binding' },
  'workgroup_size_limit.wgsl': { tint: /compute pipeline 'main': .*workgroup_size\(512, 1, 1\) that exceeds the maximum/,
                                 naga: 'ok', why: 'a device limit, which only pipeline creation checks' },
  'workgroup_storage_limit.wgsl': { tint: /compute pipeline 'main': .*workgroup storage \(32768 bytes\)/, naga: 'ok',
                                    why: 'a device limit, which only pipeline creation checks' },
};

function checkVerdict(actual, expected, what) {
  if (expected === 'ok') assert.equal(actual, 'ok', `${what} should accept it`);
  else assert.match(actual, expected, `${what} should reject it with a matching message`);
}

const files = readdirSync(fixtures).filter((f) => f.endsWith('.wgsl')).sort();
const started = Date.now();
const run = await runTool('validate.mjs', files.map((f) => join(fixtures, f)));
const seconds = (Date.now() - started) / 1000;

test('every fixture has an expectation and every expectation a fixture', () => {
  assert.deepEqual(files, Object.keys(expectations).sort());
});

test('the service starts once, describes both validators and answers every file in order', () => {
  assert.ok(run.lines.length > 0, `no output; stderr:\n${run.stderr}`);
  const header = run.lines[0].validators;
  assert.ok(header, 'the first line describes the validators');
  assert.equal(header.tint.backend, 'null');
  assert.deepEqual(header.tint.features, ['shader-f16', 'subgroups'], 'the null adapter offers both shader features');
  assert.equal(header.naga.version, '25.0.1');
  assert.deepEqual(run.lines.slice(1).map((l) => l.file), files.map((f) => join(fixtures, f)));
  assert.equal(run.status, 1, 'exit status 1: some files are rejected');
  console.log(`# ${files.length} files validated in ${seconds.toFixed(2)} s (one process)`);
});

for (const file of files) {
  test(file, () => {
    const line = run.lines.find((l) => l.file === join(fixtures, file));
    const expected = expectations[file];
    assert.ok(line && expected, `no result or no expectation for ${file}`);
    checkVerdict(line.tint, expected.tint, 'Tint');
    checkVerdict(line.naga, expected.naga, `naga${expected.why ? ` (${expected.why})` : ''}`);
    if (expected.nagaNote) assert.match(line.nagaNote ?? '', expected.nagaNote);
    else assert.equal(line.nagaNote, undefined);
  });
}

test('an unreadable file is reported and makes the exit status 2', async () => {
  const missing = join(fixtures, 'does-not-exist.wgsl');
  const result = await runTool('validate.mjs', [join(fixtures, 'compute_add.wgsl'), missing]);
  assert.equal(result.status, 2);
  assert.equal(result.lines[1].tint, 'ok');
  assert.match(result.lines[2].error, /ENOENT/);
});

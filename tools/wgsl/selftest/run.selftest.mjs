#!/usr/bin/env node
// run.selftest.mjs - proves the WebGPU runner computes and draws correctly on SwiftShader: writes handwritten jobs
// (compute: arrays, a workgroup reduction with barriers, an atomic histogram, subgroups, overrides, a storage texture;
// render: a full-screen triangle, a textured and instanced draw with vertex buffers and blending, the orientation of
// clip space) to a temporary folder, runs run.mjs once over all of them, and checks every output against values
// computed here. Jobs that must fail (a missing feature, a limit, a malformed job) must fail with the reason.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { requireSetup, runTool } from './harness.mjs';

requireSetup({ swiftshader: true });

const here = dirname(fileURLToPath(import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'oneshader-run-selftest-'));
after(() => rmSync(work, { recursive: true, force: true }));

const words = (out, Type) => { const b = Buffer.from(out.base64, 'base64'); return [...new Type(b.buffer, b.byteOffset, b.length / 4)]; };
const u32 = (out) => words(out, Uint32Array);
const bytesOf = (out) => [...Buffer.from(out.base64, 'base64')];
const f32 = (out) => words(out, Float32Array);
const random = (n, seed, mod) => { let s = seed; return Array.from({ length: n }, () => { s = (s * 1103515245 + 12345) >>> 0; return (s >>> 8) % mod; }); };

const histogramInput = random(1024, 7, 16);
const reductionInput = random(512, 3, 1000);

// A one-dispatch compute job over one storage buffer 'Out' at group 0 binding 0 (the failing jobs below).
const computeJob = (code, { size = 4, features, type = 'storage' } = {}) => ({
  ...(features ? { features } : {}),
  modules: { cs: { code } },
  resources: [{ name: 'Out', group: 0, binding: 0, type, size }],
  steps: [{ compute: { module: 'cs', entryPoint: 'main' }, dispatch: [1, 1, 1] }],
  outputs: ['Out'],
});

// name -> { job, check(line) } or { job, fails: /error/ }
const jobs = {
  add_arrays: {
    job: {
      modules: { cs: { code: `
@group(0) @binding(0) var<storage, read> a: array<u32>;
@group(0) @binding(1) var<storage, read> b: array<u32>;
@group(0) @binding(2) var<storage, read_write> sum: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&sum)) { sum[id.x] = bitcast<u32>(bitcast<f32>(a[id.x]) + bitcast<f32>(b[id.x])); }
}` } },
      resources: [
        { name: 'A', group: 0, binding: 0, type: 'read-only-storage', data: { f32: Array.from({ length: 100 }, (_, i) => i * 0.5) } },
        { name: 'B', group: 0, binding: 1, type: 'read-only-storage', data: { f32: Array.from({ length: 100 }, (_, i) => 1000 - i) } },
        { name: 'Sum', group: 0, binding: 2, type: 'storage', size: 400 },
      ],
      steps: [{ compute: { module: 'cs', entryPoint: 'main' }, dispatch: [2, 1, 1] }],
      outputs: ['Sum'],
    },
    check: (line) => assert.deepEqual(f32(line.outputs.Sum), Array.from({ length: 100 }, (_, i) => i * 0.5 + 1000 - i)),
  },

  // 256 invocations (the WebGPU limit) reduce 512 values through workgroup memory, barriers between halvings.
  workgroup_reduction: {
    job: {
      modules: { cs: { code: `
var<workgroup> partial: array<u32, 256>;
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: array<u32>;
@compute @workgroup_size(256)
fn main(@builtin(local_invocation_index) i: u32) {
  partial[i] = values[i] + values[i + 256u];
  workgroupBarrier();
  for (var stride = 128u; stride > 0u; stride = stride >> 1u) {
    if (i < stride) { partial[i] = partial[i] + partial[i + stride]; }
    workgroupBarrier();
  }
  if (i == 0u) { total[0] = partial[0]; }
}` } },
      resources: [
        { name: 'Values', group: 0, binding: 0, type: 'read-only-storage', data: { u32: reductionInput } },
        { name: 'Total', group: 0, binding: 1, type: 'storage', size: 4 },
      ],
      steps: [{ compute: { module: 'cs', entryPoint: 'main' }, dispatch: [1, 1, 1] }],
      outputs: ['Total'],
    },
    check: (line) => assert.equal(u32(line.outputs.Total)[0], reductionInput.reduce((a, b) => a + b, 0)),
  },

  // atomicAdd into a workgroup histogram, then into the global one; two dispatch steps (the second doubles it).
  atomic_histogram: {
    job: {
      modules: { cs: { code: `
var<workgroup> local_bins: array<atomic<u32>, 16>;
@group(0) @binding(0) var<storage, read> values: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<u32>, 16>;
@compute @workgroup_size(64)
fn build(@builtin(global_invocation_id) id: vec3<u32>, @builtin(local_invocation_index) i: u32) {
  atomicAdd(&local_bins[values[id.x] % 16u], 1u);
  workgroupBarrier();
  if (i < 16u) { atomicAdd(&bins[i], atomicLoad(&local_bins[i])); }
}
@compute @workgroup_size(16)
fn double_bins(@builtin(local_invocation_index) i: u32) {
  atomicAdd(&bins[i], atomicLoad(&bins[i]));
}` } },
      resources: [
        { name: 'Values', group: 0, binding: 0, type: 'read-only-storage', data: { u32: histogramInput } },
        { name: 'Bins', group: 0, binding: 1, type: 'storage', size: 64 },
      ],
      steps: [
        { compute: { module: 'cs', entryPoint: 'build' }, dispatch: [16, 1, 1] },
        { compute: { module: 'cs', entryPoint: 'double_bins' }, dispatch: [1, 1, 1] },
      ],
      outputs: ['Bins'],
    },
    check: (line) => {
      const expected = new Array(16).fill(0);
      for (const v of histogramInput) expected[v % 16] += 2;
      assert.deepEqual(u32(line.outputs.Bins), expected);
    },
  },

  // A uniform of raw words (array<vec4<u32>, N>, the backend's constant-buffer form), an override set by the step,
  // and an rgba8unorm storage texture, read back row by row.
  uniform_override_storage_texture: {
    job: {
      modules: { cs: { code: `
@id(7) override Scale: u32 = 1u;
@group(0) @binding(0) var<uniform> Params: array<vec4<u32>, 2>;
@group(1) @binding(3) var Out: texture_storage_2d<rgba8unorm, write>;
@compute @workgroup_size(4, 2)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let base = Params[1].y * Scale;
  textureStore(Out, id.xy, vec4<f32>(f32(id.x * base) / 255.0, f32(id.y * base) / 255.0, 0.0, 1.0));
}` } },
      resources: [
        { name: 'Params', group: 0, binding: 0, type: 'uniform', data: { u32: [0, 0, 0, 0, 0, 10, 0, 0] } },
        { name: 'Out', group: 1, binding: 3, type: 'storage-texture', format: 'rgba8unorm', width: 4, height: 2, access: 'write-only' },
      ],
      steps: [{ compute: { module: 'cs', entryPoint: 'main', constants: { 7: 3 } }, dispatch: [1, 1, 1] }],
      outputs: ['Out'],
      encoding: 'base64',
    },
    check: (line) => {
      const expected = [];
      for (let y = 0; y < 2; y++) for (let x = 0; x < 4; x++) expected.push(x * 30, y * 30, 0, 255);
      assert.deepEqual(bytesOf(line.outputs.Out), expected);
    },
  },

  // A two-layer r32float texture (bound as unfilterable-float, a 2d-array view) read with textureLoad; the texture
  // itself is read back too, layer by layer.
  texture_array_load: {
    job: {
      modules: { cs: { code: `
@group(0) @binding(0) var Layers: texture_2d_array<f32>;
@group(0) @binding(1) var<storage, read_write> out: array<f32>;
@compute @workgroup_size(2, 2)
fn main(@builtin(local_invocation_id) id: vec3<u32>) {
  out[id.y * 2u + id.x] = textureLoad(Layers, id.xy, 0, 0).r * 10.0 + textureLoad(Layers, id.xy, 1, 0).r;
}` } },
      resources: [
        { name: 'Layers', group: 0, binding: 0, type: 'texture', format: 'r32float', width: 2, height: 2, layers: 2,
          data: { f32: [1, 2, 3, 4, 5, 6, 7, 8] } },
        { name: 'Out', group: 0, binding: 1, type: 'storage', size: 16 },
      ],
      steps: [{ compute: { module: 'cs', entryPoint: 'main' }, dispatch: [1, 1, 1] }],
      outputs: ['Out', 'Layers'],
    },
    check: (line) => {
      assert.deepEqual(f32(line.outputs.Out), [15, 26, 37, 48]);
      assert.deepEqual(f32(line.outputs.Layers), [1, 2, 3, 4, 5, 6, 7, 8]);
    },
  },

  // subgroups: SwiftShader offers the feature; a job that declares it gets it.
  subgroups: {
    job: {
      features: ['subgroups'],
      modules: { cs: { code: `
enable subgroups;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32, @builtin(subgroup_size) size: u32) {
  out[i] = subgroupAdd(1u) * 1000u + size;
}` } },
      resources: [{ name: 'Out', group: 0, binding: 0, type: 'storage', size: 256 }],
      steps: [{ compute: { module: 'cs', entryPoint: 'main' }, dispatch: [1, 1, 1] }],
      outputs: ['Out'],
    },
    check: (line) => {
      const values = u32(line.outputs.Out);
      const size = values[0] % 1000;
      assert.ok(size >= 4 && size <= 128, `subgroup size ${size}`);
      assert.deepEqual(values, new Array(64).fill(size * 1000 + size));
      console.log(`# SwiftShader subgroup size: ${size}`);
    },
  },

  // A full-screen triangle writing a colour from a uniform, read back from an rgba8unorm target.
  fullscreen_triangle: {
    job: {
      modules: { shader: { code: `
@group(0) @binding(0) var<uniform> Color: vec4<f32>;
@vertex fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
  let uv = vec2<f32>(f32((v << 1u) & 2u), f32(v & 2u));
  return vec4<f32>(uv * 2.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<f32> { return Color; }` } },
      resources: [{ name: 'Color', group: 0, binding: 0, type: 'uniform', data: { f32: [1, 0.5, 0, 1] } }],
      target: { format: 'rgba8unorm', width: 8, height: 8, clear: [0, 0, 1, 1] },
      steps: [{ vertex: { module: 'shader', entryPoint: 'vs' }, fragment: { module: 'shader', entryPoint: 'fs' }, draw: { vertices: 3 } }],
      outputs: ['target'],
    },
    check: (line) => assert.deepEqual(bytesOf(line.outputs.target), new Array(64).fill([255, 128, 0, 255]).flat()),
  },

  // Clip-space y points up in WebGPU: a triangle over clip y > 0 covers the top rows of the target (row 0 first).
  // (Vulkan with a positive viewport height, as in the lavapipe runner, puts it in the bottom rows.)
  orientation: {
    job: {
      modules: { shader: { code: `
@vertex fn vs(@builtin(vertex_index) v: u32) -> @builtin(position) vec4<f32> {
  var corners = array<vec2<f32>, 6>(vec2(-1.0, 0.0), vec2(1.0, 0.0), vec2(-1.0, 1.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(-1.0, 1.0));
  return vec4<f32>(corners[v], 0.0, 1.0);
}
@fragment fn fs(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> { return vec4<f32>(1.0, p.y * 16.0 / 255.0, 0.0, 1.0); }` } },
      target: { format: 'rgba8unorm', width: 4, height: 4 },
      steps: [{ vertex: { module: 'shader', entryPoint: 'vs' }, fragment: { module: 'shader', entryPoint: 'fs' }, draw: { vertices: 6 } }],
      outputs: ['target'],
    },
    check: (line) => {
      const px = bytesOf(line.outputs.target);
      const row = (y) => px.slice(y * 16, y * 16 + 16);
      assert.deepEqual(row(0), new Array(4).fill([255, 8, 0, 255]).flat(), 'row 0 is drawn, position.y = 0.5');
      assert.deepEqual(row(1), new Array(4).fill([255, 24, 0, 255]).flat(), 'row 1 is drawn, position.y = 1.5');
      assert.deepEqual(row(2), new Array(16).fill(0), 'row 2 is clear');
      assert.deepEqual(row(3), new Array(16).fill(0), 'row 3 is clear');
    },
  },

  // A vertex buffer (float32x2 position, unorm8x4 colour), an instance buffer, a texture sampled with a nearest
  // sampler, alpha blending over the clear colour, two draws (the second loads what the first drew).
  textured_instanced_blend: {
    job: {
      modules: { shader: { code: `
@group(0) @binding(0) var Tex: texture_2d<f32>;
@group(0) @binding(1) var Smp: sampler;
struct VOut { @builtin(position) pos: vec4<f32>, @location(0) color: vec4<f32>, @location(1) uv: vec2<f32> }
@vertex fn vs(@location(0) pos: vec2<f32>, @location(1) color: vec4<f32>, @location(2) offset: f32) -> VOut {
  return VOut(vec4<f32>(pos.x * 0.5 + offset, pos.y, 0.0, 1.0), color, pos * 0.5 + 0.5);
}
@fragment fn fs(v: VOut) -> @location(0) vec4<f32> {
  return vec4<f32>(textureSample(Tex, Smp, v.uv).rgb * v.color.rgb, v.color.a);
}
@fragment fn fs_opaque(v: VOut) -> @location(0) vec4<f32> { return vec4<f32>(0.0, 0.0, 1.0, 1.0); }` } },
      resources: [
        { name: 'Tex', group: 0, binding: 0, type: 'texture', format: 'rgba8unorm', width: 1, height: 1, data: { hex: 'ffff00ff' } },
        { name: 'Smp', group: 0, binding: 1, type: 'sampler', filter: 'nearest', address: 'repeat' },
      ],
      // A quad as a strip covering x in [-0.5, 0.5] around each instance offset: instance 0 at -0.5 (left half),
      // instance 1 at +0.5 (right half).
      vertexBuffers: [
        { stride: 12, attributes: [{ location: 0, format: 'float32x2', offset: 0 }, { location: 1, format: 'unorm8x4', offset: 8 }],
          data: { hex: [[-1, -1], [1, -1], [-1, 1], [1, 1]].map(([x, y]) => Buffer.from(new Float32Array([x, y]).buffer).toString('hex') + 'ff80ff80').join('') } },
        { stride: 4, stepMode: 'instance', attributes: [{ location: 2, format: 'float32', offset: 0 }], data: { f32: [-0.5, 0.5] } },
      ],
      target: { format: 'rgba8unorm', width: 4, height: 2, clear: [0, 0, 0, 1] },
      steps: [
        { vertex: { module: 'shader', entryPoint: 'vs' }, fragment: { module: 'shader', entryPoint: 'fs' }, draw: { vertices: 4, instances: 2 },
          topology: 'triangle-strip', blend: 'alpha' },
        { vertex: { module: 'shader', entryPoint: 'vs' }, fragment: { module: 'shader', entryPoint: 'fs_opaque' }, draw: { vertices: 4, instances: 1 },
          topology: 'triangle-strip' },
      ],
      outputs: ['target'],
    },
    check: (line) => {
      // Texture yellow (1,1,0) times vertex colour (1, 0.502, 1) at alpha 0.502 over opaque black: colour
      // (0.502, 0.252, 0), alpha 0.502 + 1 * (1 - 0.502) = 1. The second draw paints instance 0's half (the left two
      // columns) opaque blue.
      const px = bytesOf(line.outputs.target);
      for (let y = 0; y < 2; y++) {
        for (let x = 0; x < 4; x++) {
          const p = px.slice((y * 4 + x) * 4, (y * 4 + x) * 4 + 4);
          if (x < 2) assert.deepEqual(p, [0, 0, 255, 255], `pixel ${x},${y}`);
          else {
            assert.ok(Math.abs(p[0] - 128) <= 1 && Math.abs(p[1] - 64) <= 1 && p[2] === 0, `pixel ${x},${y}: ${p}`);
            assert.equal(p[3], 255, `pixel ${x},${y} alpha`);
          }
        }
      }
    },
  },

  // One storage buffer that the first step writes and the second only reads: the second step's pipeline layout
  // declares it read-only-storage (the step's `layout`), as its shader does.
  per_step_layout: {
    job: {
      modules: { cs: { code: `
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(4) fn fill(@builtin(local_invocation_index) i: u32) { data[i] = i * 3u; }` },
                 sum: { code: `
@group(0) @binding(0) var<storage, read> data: array<u32>;
@group(0) @binding(1) var<storage, read_write> total: array<u32>;
@compute @workgroup_size(1) fn main() { total[0] = data[0] + data[1] + data[2] + data[3]; }` } },
      resources: [
        { name: 'Data', group: 0, binding: 0, type: 'storage', size: 16 },
        { name: 'Total', group: 0, binding: 1, type: 'storage', size: 4 },
      ],
      steps: [
        { compute: { module: 'cs', entryPoint: 'fill' }, dispatch: [1, 1, 1] },
        { compute: { module: 'sum', entryPoint: 'main' }, dispatch: [1, 1, 1], layout: { Data: 'read-only-storage' } },
      ],
      outputs: ['Total'],
    },
    check: (line) => assert.equal(u32(line.outputs.Total)[0], 18),
  },

  // Failures the runner must report, not hide.
  fails_missing_feature: {
    job: computeJob('enable f16;\n@compute @workgroup_size(1) fn main() { }', { features: ['shader-f16'] }),
    fails: /lacks feature\(s\) shader-f16/,
  },
  fails_undeclared_feature: {
    job: computeJob('enable subgroups;\n@compute @workgroup_size(1) fn main() { }'),
    fails: /module 'cs' .*subgroups/,
  },
  fails_workgroup_limit: {
    job: computeJob('@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(512) fn main(@builtin(local_invocation_index) i: u32) { o[i] = i; }', { size: 2048 }),
    fails: /step 0 \(dispatch\) pipeline: .*workgroup_size\(512, 1, 1\)/,
  },
  fails_layout_mismatch: {
    job: computeJob('@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() { o[0] = 1u; }', { type: 'read-only-storage' }),
    fails: /step 0 \(dispatch\) pipeline: /,
  },
  fails_layout_of_uniform: {
    job: (() => { const job = computeJob('@compute @workgroup_size(1) fn main() { }', { type: 'uniform', size: 16 }); job.steps[0].layout = { Out: 'storage' }; return job; })(),
    fails: /job\.steps\[0\]\.layout\.Out: a uniform has one binding type/,
  },
  // The step's bind group layouts as given (what oneshader::layouts' to_webgpu() writes), not made from the resources.
  given_bind_group_layouts: {
    job: (() => {
      const job = computeJob('@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() { o[0] = 7u; }');
      job.steps[0].bindGroupLayouts = [{ entries: [{ binding: 0, visibility: 4, buffer: { type: 'storage', hasDynamicOffset: false } }] }];
      return job;
    })(),
    check: (line) => assert.equal(u32(line.outputs.Out)[0], 7),
  },
  fails_given_layout_mismatch: {
    job: (() => {
      const job = computeJob('@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n@compute @workgroup_size(1) fn main() { o[0] = 7u; }');
      job.steps[0].bindGroupLayouts = [{ entries: [{ binding: 0, visibility: 4, buffer: { type: 'read-only-storage' } }] }];
      return job;
    })(),
    fails: /step 0 \(dispatch\) pipeline: /,
  },
  fails_given_layout_without_resource: {
    job: (() => {
      const job = computeJob('@compute @workgroup_size(1) fn main() { }');
      job.steps[0].bindGroupLayouts = [{ entries: [{ binding: 3, visibility: 4, buffer: { type: 'storage' } }] }];
      return job;
    })(),
    fails: /job\.steps\[0\]\.bindGroupLayouts\[0\]\.entries\[0\]: has no job resource at its group and binding/,
  },
  fails_unknown_key: {
    job: (() => { const job = computeJob('@compute @workgroup_size(1) fn main() { }'); job.resources[0].format = 'r32uint'; return job; })(),
    fails: /job\.resources\[0\]: unknown key 'format'/,
  },
};

const names = Object.keys(jobs);
const paths = names.map((name) => {
  const path = join(work, `${name}.json`);
  writeFileSync(path, JSON.stringify({ name, ...jobs[name].job }, null, 1));
  return path;
});

const started = Date.now();
const run = await runTool('run.mjs', paths);
const seconds = (Date.now() - started) / 1000;

test('the runner starts on SwiftShader once and answers every job in order', () => {
  assert.ok(run.lines.length > 0, `no output; stderr:\n${run.stderr}`);
  const header = run.lines[0].runner;
  assert.ok(header, `the first line describes the adapter; stderr:\n${run.stderr}`);
  assert.match(header.adapter, /swiftshader/i);
  assert.ok(header.adapterFeatures.includes('subgroups'), 'SwiftShader offers subgroups');
  assert.ok(!header.adapterFeatures.includes('shader-f16'), 'SwiftShader has no shader-f16 (if it has now, update the docs)');
  assert.equal(header.limits.maxComputeInvocationsPerWorkgroup, 256);
  assert.deepEqual(run.lines.slice(1).map((l) => l.job), paths);
  assert.equal(run.status, 1, 'exit status 1: some jobs fail on purpose');
  if (run.stderr !== '') console.log(`# the runner's standard error:\n${run.stderr.replace(/^/gm, '#   ')}`);
  console.log(`# ${names.length} jobs in ${seconds.toFixed(2)} s (one process); features: ${header.adapterFeatures.join(' ')}`);
});

for (const [i, name] of names.entries()) {
  test(name, () => {
    const line = run.lines.find((l) => l.job === paths[i]);
    assert.ok(line, 'no result');
    if (jobs[name].fails) {
      assert.equal(line.ok, false, 'the job should fail');
      assert.match(line.error, jobs[name].fails);
    } else {
      assert.equal(line.ok, true, `the job failed: ${line.error}`);
      jobs[name].check(line);
    }
  });
}

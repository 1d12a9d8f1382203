// job.mjs - the job format of run.mjs: reads a job (JSON), checks every field and returns it normalized, with
// data decoded to bytes and module files read. An unknown or misspelt key is an error, never ignored. The format
// is described in docs/execution-tests.md ("WebGPU on the CPU").
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { textureFormat } from './formats.mjs';

class JobError extends Error {}

function fail(where, message) {
  throw new JobError(`${where}: ${message}`);
}

function checkKeys(where, object, allowed) {
  if (typeof object !== 'object' || object === null || Array.isArray(object)) fail(where, 'must be an object');
  for (const key of Object.keys(object)) {
    if (!allowed.includes(key)) fail(where, `unknown key '${key}' (allowed: ${allowed.join(', ')})`);
  }
}

function uint(where, value, { min = 0, fallback } = {}) {
  if (value === undefined && fallback !== undefined) return fallback;
  if (!Number.isInteger(value) || value < min) fail(where, `must be an integer >= ${min}`);
  return value;
}

function oneOf(where, value, choices, fallback) {
  if (value === undefined && fallback !== undefined) return fallback;
  if (!choices.includes(value)) fail(where, `must be one of ${choices.join(', ')}`);
  return value;
}

// { base64 } | { hex } | { u32: [...] } | { i32: [...] } | { f32: [...] } -> Uint8Array
export function decodeData(where, data) {
  checkKeys(where, data, ['base64', 'hex', 'u32', 'i32', 'f32']);
  const kinds = Object.keys(data);
  if (kinds.length !== 1) fail(where, 'needs exactly one of base64, hex, u32, i32, f32');
  const [kind] = kinds;
  const value = data[kind];
  if (kind === 'base64') {
    if (typeof value !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(value)) fail(where, 'base64 must be a base64 string');
    return new Uint8Array(Buffer.from(value, 'base64'));
  }
  if (kind === 'hex') {
    if (typeof value !== 'string' || !/^([0-9a-fA-F]{2})*$/.test(value)) fail(where, 'hex must be pairs of hex digits');
    return new Uint8Array(Buffer.from(value, 'hex'));
  }
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'number')) fail(where, `${kind} must be a list of numbers`);
  const Type = { u32: Uint32Array, i32: Int32Array, f32: Float32Array }[kind];
  return new Uint8Array(Type.from(value).buffer);
}

const bufferTypes = ['uniform', 'storage', 'read-only-storage'];
const resourceTypes = [...bufferTypes, 'texture', 'storage-texture', 'sampler'];
const stages = ['compute', 'vertex', 'fragment'];

function parseResource(where, r) {
  const common = ['name', 'group', 'binding', 'type', 'visibility'];
  if (typeof r?.type !== 'string' || !resourceTypes.includes(r.type)) fail(`${where}.type`, `must be one of ${resourceTypes.join(', ')}`);
  const out = {
    name: typeof r.name === 'string' && r.name !== '' && r.name !== 'target' ? r.name : fail(`${where}.name`, "must be a non-empty string other than 'target'"),
    group: uint(`${where}.group`, r.group),
    binding: uint(`${where}.binding`, r.binding),
    type: r.type,
  };
  if (r.visibility !== undefined) {
    if (!Array.isArray(r.visibility) || r.visibility.length === 0 || !r.visibility.every((s) => stages.includes(s))) {
      fail(`${where}.visibility`, `must be a non-empty list of ${stages.join(', ')}`);
    }
    out.visibility = r.visibility;
  }
  if (bufferTypes.includes(r.type)) {
    checkKeys(where, r, [...common, 'size', 'data']);
    out.data = r.data === undefined ? new Uint8Array(0) : decodeData(`${where}.data`, r.data);
    out.size = Math.max(uint(`${where}.size`, r.size, { fallback: 0 }), out.data.length);
    if (out.size === 0) fail(where, 'a buffer needs size or data');
  } else if (r.type === 'texture' || r.type === 'storage-texture') {
    const keys = [...common, 'format', 'width', 'height', 'layers', 'viewDimension', 'data'];
    checkKeys(where, r, r.type === 'texture' ? [...keys, 'sampleType'] : [...keys, 'access']);
    try {
      out.format = textureFormat(r.format);
    } catch (error) {
      fail(`${where}.format`, error.message);
    }
    out.width = uint(`${where}.width`, r.width, { min: 1 });
    out.height = uint(`${where}.height`, r.height, { min: 1 });
    out.layers = uint(`${where}.layers`, r.layers, { min: 1, fallback: 1 });
    out.viewDimension = oneOf(`${where}.viewDimension`, r.viewDimension, ['2d', '2d-array'], out.layers > 1 ? '2d-array' : '2d');
    if (out.viewDimension === '2d' && out.layers > 1) fail(`${where}.viewDimension`, "'2d' takes one layer");
    const size = out.width * out.height * out.layers * out.format.texelSize;
    out.data = r.data === undefined ? new Uint8Array(size) : decodeData(`${where}.data`, r.data);
    if (out.data.length !== size) fail(`${where}.data`, `has ${out.data.length} bytes; ${r.format} ${out.width}x${out.height}x${out.layers} takes ${size}`);
    if (r.type === 'texture') {
      out.sampleType = oneOf(`${where}.sampleType`, r.sampleType, ['float', 'unfilterable-float', 'uint', 'sint', 'depth'], out.format.sampleType);
    } else {
      out.access = oneOf(`${where}.access`, r.access, ['write-only', 'read-only', 'read-write'], 'write-only');
    }
  } else {
    checkKeys(where, r, [...common, 'filter', 'address', 'compare']);
    out.filter = oneOf(`${where}.filter`, r.filter, ['nearest', 'linear'], 'nearest');
    out.address = oneOf(`${where}.address`, r.address, ['clamp-to-edge', 'repeat', 'mirror-repeat'], 'clamp-to-edge');
    if (r.compare !== undefined) {
      out.compare = oneOf(`${where}.compare`, r.compare, ['never', 'less', 'equal', 'less-equal', 'greater', 'not-equal', 'greater-equal', 'always']);
    }
  }
  return out;
}

function parseStage(where, s, modules) {
  checkKeys(where, s, ['module', 'entryPoint', 'constants']);
  if (!(s.module in modules)) fail(`${where}.module`, `names no module (modules: ${Object.keys(modules).join(', ')})`);
  if (typeof s.entryPoint !== 'string' || s.entryPoint === '') fail(`${where}.entryPoint`, 'must be a non-empty string');
  const out = { module: s.module, entryPoint: s.entryPoint };
  if (s.constants !== undefined) {
    checkKeys(`${where}.constants`, s.constants, Object.keys(s.constants));
    for (const [key, value] of Object.entries(s.constants)) {
      if (typeof value !== 'number' && typeof value !== 'boolean') fail(`${where}.constants.${key}`, 'must be a number or a boolean');
    }
    out.constants = Object.fromEntries(Object.entries(s.constants).map(([k, v]) => [k, Number(v)]));
  }
  return out;
}

// A step's `layout`: { NAME: binding type } for the resources this step's pipeline declares otherwise than the job's
// resource does (a storage buffer one step only reads: 'read-only-storage'; a storage texture's access), since
// WebGPU requires a layout entry to match the shader's declaration exactly.
function parseLayout(where, layout, resources) {
  if (layout === undefined) return {};
  checkKeys(where, layout, Object.keys(layout));
  for (const [name, type] of Object.entries(layout)) {
    const r = resources.find((x) => x.name === name);
    if (!r) fail(`${where}.${name}`, 'names no resource of the job');
    if (bufferTypes.includes(r.type) && r.type !== 'uniform') oneOf(`${where}.${name}`, type, ['storage', 'read-only-storage']);
    else if (r.type === 'storage-texture') oneOf(`${where}.${name}`, type, ['write-only', 'read-only', 'read-write']);
    else fail(`${where}.${name}`, `a ${r.type} has one binding type`);
  }
  return layout;
}

// A step's `bindGroupLayouts`: the GPUBindGroupLayoutDescriptor of each group from 0, as the C++ side's
// oneshader::layouts to_webgpu() writes them ([{"entries": [GPUBindGroupLayoutEntry, ...]}, ...]). Every entry
// needs a job resource at its group and binding; the pipeline layout is made of exactly these.
function parseBindGroupLayouts(where, groups, resources) {
  if (groups === undefined) return undefined;
  if (!Array.isArray(groups)) fail(where, 'must be an array of {"entries": [...]}');
  return groups.map((g, group) => {
    checkKeys(`${where}[${group}]`, g, ['entries']);
    if (!Array.isArray(g.entries)) fail(`${where}[${group}].entries`, 'must be an array');
    for (const [i, e] of g.entries.entries()) {
      const at = `${where}[${group}].entries[${i}]`;
      checkKeys(at, e, ['binding', 'visibility', 'buffer', 'sampler', 'texture', 'storageTexture']);
      uint(`${at}.binding`, e.binding);
      uint(`${at}.visibility`, e.visibility);
      if (!resources.some((r) => r.group === group && r.binding === e.binding)) fail(at, 'has no job resource at its group and binding');
    }
    return { entries: g.entries };
  });
}

function parseStep(where, s, modules, hasTarget, resources) {
  if (s?.dispatch !== undefined) {
    checkKeys(where, s, ['compute', 'dispatch', 'layout', 'bindGroupLayouts']);
    if (!Array.isArray(s.dispatch) || s.dispatch.length !== 3) fail(`${where}.dispatch`, 'must be [x, y, z]');
    return {
      kind: 'dispatch',
      layout: parseLayout(`${where}.layout`, s.layout, resources),
      bindGroupLayouts: parseBindGroupLayouts(`${where}.bindGroupLayouts`, s.bindGroupLayouts, resources),
      compute: parseStage(`${where}.compute`, s.compute, modules),
      dispatch: s.dispatch.map((n, i) => uint(`${where}.dispatch[${i}]`, n)),
    };
  }
  if (s?.draw !== undefined) {
    checkKeys(where, s, ['vertex', 'fragment', 'draw', 'topology', 'blend', 'frontFace', 'cullMode', 'layout', 'bindGroupLayouts']);
    if (!hasTarget) fail(where, 'a draw needs the job to have a target');
    checkKeys(`${where}.draw`, s.draw, ['vertices', 'instances']);
    return {
      kind: 'draw',
      layout: parseLayout(`${where}.layout`, s.layout, resources),
      bindGroupLayouts: parseBindGroupLayouts(`${where}.bindGroupLayouts`, s.bindGroupLayouts, resources),
      vertex: parseStage(`${where}.vertex`, s.vertex, modules),
      fragment: parseStage(`${where}.fragment`, s.fragment, modules),
      vertices: uint(`${where}.draw.vertices`, s.draw.vertices),
      instances: uint(`${where}.draw.instances`, s.draw.instances, { fallback: 1 }),
      topology: oneOf(`${where}.topology`, s.topology, ['triangle-list', 'triangle-strip'], 'triangle-list'),
      blend: oneOf(`${where}.blend`, s.blend, ['none', 'alpha'], 'none'),
      frontFace: oneOf(`${where}.frontFace`, s.frontFace, ['ccw', 'cw'], 'ccw'),
      cullMode: oneOf(`${where}.cullMode`, s.cullMode, ['none', 'front', 'back'], 'none'),
    };
  }
  fail(where, 'a step has either dispatch or draw');
}

const vertexFormats = ['uint32', 'uint32x2', 'uint32x3', 'uint32x4', 'sint32', 'sint32x2', 'sint32x3', 'sint32x4',
  'float32', 'float32x2', 'float32x3', 'float32x4', 'float16x2', 'float16x4', 'unorm8x2', 'unorm8x4', 'uint8x4'];

// Parses a job object; `baseDir` resolves module files. Throws a JobError naming the field at fault.
export function parseJob(job, baseDir) {
  checkKeys('job', job, ['name', 'features', 'modules', 'resources', 'vertexBuffers', 'target', 'steps', 'outputs', 'encoding']);
  const name = typeof job.name === 'string' && job.name !== '' ? job.name : fail('job.name', 'must be a non-empty string');
  const features = job.features ?? [];
  if (!Array.isArray(features) || !features.every((f) => typeof f === 'string')) fail('job.features', 'must be a list of feature names');

  checkKeys('job.modules', job.modules, Object.keys(job.modules ?? {}));
  const modules = {};
  for (const [key, m] of Object.entries(job.modules)) {
    checkKeys(`job.modules.${key}`, m, ['code', 'file']);
    if ((m.code === undefined) === (m.file === undefined)) fail(`job.modules.${key}`, 'needs exactly one of code, file');
    if (m.code !== undefined && typeof m.code !== 'string') fail(`job.modules.${key}.code`, 'must be a string');
    if (m.file !== undefined) {
      const path = resolve(baseDir, String(m.file));
      try {
        modules[key] = { code: readFileSync(path, 'utf8'), file: path };
      } catch (error) {
        fail(`job.modules.${key}.file`, error.message);
      }
    } else {
      modules[key] = { code: m.code };
    }
  }
  if (Object.keys(modules).length === 0) fail('job.modules', 'needs at least one module');

  const resources = (job.resources ?? []).map((r, i) => parseResource(`job.resources[${i}]`, r));
  const seen = new Map();
  for (const r of resources) {
    const slot = `${r.group}/${r.binding}`;
    if (seen.has(slot)) fail('job.resources', `'${r.name}' and '${seen.get(slot)}' share group ${r.group} binding ${r.binding}`);
    seen.set(slot, r.name);
    if (resources.filter((o) => o.name === r.name).length > 1) fail('job.resources', `two resources are named '${r.name}'`);
  }

  const vertexBuffers = (job.vertexBuffers ?? []).map((vb, i) => {
    const where = `job.vertexBuffers[${i}]`;
    checkKeys(where, vb, ['stride', 'stepMode', 'attributes', 'data']);
    if (!Array.isArray(vb.attributes) || vb.attributes.length === 0) fail(`${where}.attributes`, 'must be a non-empty list');
    return {
      stride: uint(`${where}.stride`, vb.stride),
      stepMode: oneOf(`${where}.stepMode`, vb.stepMode, ['vertex', 'instance'], 'vertex'),
      attributes: vb.attributes.map((a, j) => {
        checkKeys(`${where}.attributes[${j}]`, a, ['location', 'format', 'offset']);
        return {
          shaderLocation: uint(`${where}.attributes[${j}].location`, a.location),
          format: oneOf(`${where}.attributes[${j}].format`, a.format, vertexFormats),
          offset: uint(`${where}.attributes[${j}].offset`, a.offset, { fallback: 0 }),
        };
      }),
      data: decodeData(`${where}.data`, vb.data),
    };
  });

  let target = null;
  if (job.target !== undefined) {
    checkKeys('job.target', job.target, ['format', 'width', 'height', 'clear']);
    const clear = job.target.clear ?? [0, 0, 0, 0];
    if (!Array.isArray(clear) || clear.length !== 4 || !clear.every((v) => typeof v === 'number')) fail('job.target.clear', 'must be [r, g, b, a]');
    target = {
      format: textureFormat(oneOf('job.target.format', job.target.format, ['rgba8unorm', 'rgba16float', 'rgba32float', 'bgra8unorm'])),
      width: uint('job.target.width', job.target.width, { min: 1 }),
      height: uint('job.target.height', job.target.height, { min: 1 }),
      clear,
    };
  }

  if (!Array.isArray(job.steps) || job.steps.length === 0) fail('job.steps', 'must be a non-empty list');
  const steps = job.steps.map((s, i) => parseStep(`job.steps[${i}]`, s, modules, target !== null, resources));

  if (!Array.isArray(job.outputs) || job.outputs.length === 0) fail('job.outputs', 'must be a non-empty list of resource names or "target"');
  for (const o of job.outputs) {
    if (o === 'target' ? target === null : !resources.some((r) => r.name === o && r.type !== 'sampler')) {
      fail('job.outputs', `'${o}' is neither a buffer or texture of the job nor its target`);
    }
  }
  return {
    name, features, modules, resources, vertexBuffers, target, steps, outputs: job.outputs,
    encoding: oneOf('job.encoding', job.encoding, ['base64', 'hex'], 'base64'),
  };
}

export function readJob(path) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new JobError(`${path}: ${error.message}`);
  }
  let object;
  try {
    object = JSON.parse(text);
  } catch (error) {
    throw new JobError(`${path}: not JSON: ${error.message}`);
  }
  return parseJob(object, dirname(resolve(path)));
}

export { JobError };

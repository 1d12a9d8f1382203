// execute.mjs - runs a parsed job (job.mjs) on a WebGPU device: creates its buffers, textures and samplers, one
// explicit bind group layout per group from the job's entries, the pipelines, then records every step into one
// command encoder (one pass per step; WebGPU orders passes), submits, and reads the outputs back. Every WebGPU call
// runs inside validation, out-of-memory and internal error scopes, uncaptured errors and shader compilation errors
// are collected too: any of them fails the job.
import { openDevice, plainLimits } from './dawn.mjs';

// Stages a resource may be visible to by default: WebGPU forbids writable storage in vertex shaders.
function defaultVisibility(r) {
  const writable = r.type === 'storage' || (r.type === 'storage-texture' && r.access !== 'read-only');
  return GPUShaderStage.COMPUTE | GPUShaderStage.FRAGMENT | (writable ? 0 : GPUShaderStage.VERTEX);
}

function visibilityOf(r) {
  if (!r.visibility) return defaultVisibility(r);
  const bits = { compute: GPUShaderStage.COMPUTE, vertex: GPUShaderStage.VERTEX, fragment: GPUShaderStage.FRAGMENT };
  return r.visibility.reduce((mask, s) => mask | bits[s], 0);
}

function layoutEntry(r) {
  const entry = { binding: r.binding, visibility: visibilityOf(r) };
  switch (r.type) {
    case 'uniform': case 'storage': case 'read-only-storage': entry.buffer = { type: r.type }; break;
    case 'texture': entry.texture = { sampleType: r.sampleType, viewDimension: r.viewDimension }; break;
    case 'storage-texture': entry.storageTexture = { access: r.access, format: r.format.name, viewDimension: r.viewDimension }; break;
    case 'sampler': entry.sampler = { type: r.compare ? 'comparison' : r.filter === 'linear' ? 'filtering' : 'non-filtering' }; break;
  }
  return entry;
}

const roundUp = (n, m) => Math.ceil(n / m) * m;

// Buffers are at least 16 bytes and a multiple of 16, as in the lavapipe runner, so arrayLength() agrees with it.
const bufferSize = (size) => Math.max(16, roundUp(size, 16));

function encode(bytes, encoding) {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { [encoding]: buffer.toString(encoding), bytes: bytes.length };
}

export class WebGpuRunner {
  // `opened` from dawn.mjs openAdapter.
  constructor(opened) {
    this.gpu = opened.gpu;
    this.adapter = opened.adapter;
    this.description = opened.description;
    this.devices = new Map();  // one device per feature set, so a job gets exactly the features it declares
  }

  // The device for a feature set; an adapter creates one device, so each further set takes a new adapter.
  async #device(features) {
    const missing = features.filter((f) => !this.adapter.features.has(f));
    if (missing.length > 0) throw new Error(`the adapter (${this.description.adapter}) lacks feature(s) ${missing.join(', ')}`);
    const key = [...features].sort().join(',');
    if (!this.devices.has(key) || this.devices.get(key).lost.reason) {
      const adapter = this.devices.size === 0 && !this.adapterUsed ? this.adapter : await this.gpu.requestAdapter();
      this.adapterUsed = true;
      this.devices.set(key, await openDevice(adapter, [...features].sort()));
    }
    return this.devices.get(key);
  }

  // The limits every device gets (the spec's defaults: no job asks for more).
  async limits() {
    return plainLimits((await this.#device([])).device.limits);
  }

  // Returns { outputs: { NAME: { base64|hex, bytes } }, messages: [warnings] }; throws an Error listing every WebGPU
  // error the job raised.
  async run(job) {
    const opened = await this.#device(job.features);
    const { device } = opened;
    opened.uncaptured.length = 0;
    const errors = [];
    const warnings = [];
    const scopes = ['validation', 'out-of-memory', 'internal'];
    for (const scope of scopes) device.pushErrorScope(scope);
    const toDestroy = [];
    let outputs = null;
    try {
      outputs = await this.#record(device, job, errors, warnings, toDestroy);
    } catch (error) {
      errors.push(String(error?.message ?? error));
    } finally {
      for (const scope of scopes.reverse()) {
        const error = await device.popErrorScope();
        if (error) errors.push(`${scope} error: ${error.message.trim()}`);
      }
      for (const object of toDestroy) object.destroy();
    }
    errors.push(...opened.uncaptured.map((m) => `uncaptured error: ${m.trim()}`));
    if (opened.lost.reason) errors.push(`device lost: ${opened.lost.reason}`);
    if (errors.length > 0) {
      const error = new Error(errors.join('\n'));
      error.warnings = warnings;
      throw error;
    }
    return { outputs, warnings };
  }

  async #record(device, job, errors, warnings, toDestroy) {
    // Modules, with their compilation messages.
    const modules = {};
    for (const [key, m] of Object.entries(job.modules)) {
      modules[key] = device.createShaderModule({ code: m.code, label: key });
      for (const message of (await modules[key].getCompilationInfo()).messages) {
        const text = `module '${key}' ${message.lineNum}:${message.linePos}: ${message.message}`;
        (message.type === 'error' ? errors : warnings).push(text);
      }
    }
    if (errors.length > 0) return null;

    // Resources.
    const gpu = new Map();
    for (const r of job.resources) {
      if (r.type === 'sampler') {
        gpu.set(r.name, device.createSampler({
          magFilter: r.filter, minFilter: r.filter, mipmapFilter: 'nearest',
          addressModeU: r.address, addressModeV: r.address, addressModeW: r.address, compare: r.compare,
        }));
      } else if (r.format) {
        const usage = GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST | GPUTextureUsage.COPY_SRC |
                      (r.type === 'storage-texture' ? GPUTextureUsage.STORAGE_BINDING : 0);
        const texture = device.createTexture({ size: [r.width, r.height, r.layers], format: r.format.name, usage });
        toDestroy.push(texture);
        device.queue.writeTexture({ texture }, r.data, { bytesPerRow: r.width * r.format.texelSize, rowsPerImage: r.height },
                                  [r.width, r.height, r.layers]);
        gpu.set(r.name, texture);
      } else {
        const usage = (r.type === 'uniform' ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) |
                      GPUBufferUsage.COPY_DST | GPUBufferUsage.COPY_SRC;
        const buffer = device.createBuffer({ size: bufferSize(r.size), usage });
        toDestroy.push(buffer);
        const data = new Uint8Array(bufferSize(r.size));
        data.set(r.data);
        device.queue.writeBuffer(buffer, 0, data);
        gpu.set(r.name, buffer);
      }
    }

    // One layout per group up to the highest one used (empty groups get empty layouts); steps with the same
    // `layout` overrides share the pipeline layout and bind groups.
    const groupCount = job.resources.length === 0 ? 0 : Math.max(...job.resources.map((r) => r.group)) + 1;
    const layouts = new Map();
    const bindGroupOf = (groupLayout, group, entries) => device.createBindGroup({
      layout: groupLayout,
      entries: entries.map((e) => {
        const r = job.resources.find((x) => x.group === group && x.binding === e.binding);
        const object = gpu.get(r.name);
        if (r.type === 'sampler') return { binding: e.binding, resource: object };
        if (r.format) return { binding: e.binding, resource: object.createView({ dimension: r.viewDimension }) };
        return { binding: e.binding, resource: { buffer: object } };
      }),
    });
    // A step's layout: the bind group layouts the job gives it (oneshader::layouts' to_webgpu() output, from the
    // C++ side), or else entries made from the job's resources with the step's `layout` overrides.
    const layoutFor = (step) => {
      const given = step.bindGroupLayouts;
      const overrides = step.layout ?? {};
      const key = given ? JSON.stringify(given) : JSON.stringify(Object.entries(overrides).sort());
      if (layouts.has(key)) return layouts.get(key);
      const groupLayouts = [];
      const bindGroups = [];
      if (given) {
        for (const [group, g] of given.entries()) {
          const groupLayout = device.createBindGroupLayout({ entries: g.entries, label: `group ${group}` });
          groupLayouts.push(groupLayout);
          bindGroups.push(bindGroupOf(groupLayout, group, g.entries));
        }
      } else {
        for (let group = 0; group < groupCount; group++) {
          const members = job.resources.filter((r) => r.group === group).map((r) => {
            const override = overrides[r.name];
            if (override === undefined) return r;
            return r.type === 'storage-texture' ? { ...r, access: override } : { ...r, type: override };
          });
          const entries = members.map(layoutEntry);
          const groupLayout = device.createBindGroupLayout({ entries, label: `group ${group}` });
          groupLayouts.push(groupLayout);
          bindGroups.push(bindGroupOf(groupLayout, group, entries));
        }
      }
      const made = { layout: device.createPipelineLayout({ bindGroupLayouts: groupLayouts }), bindGroups };
      layouts.set(key, made);
      return made;
    };
    const stage = (s) => ({ module: modules[s.module], entryPoint: s.entryPoint, constants: s.constants });

    let target = null;
    if (job.target) {
      target = device.createTexture({
        size: [job.target.width, job.target.height], format: job.target.format.name,
        usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
      });
      toDestroy.push(target);
    }
    const vertexBuffers = job.vertexBuffers.map((vb) => {
      const buffer = device.createBuffer({ size: roundUp(Math.max(vb.data.length, 4), 4), usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST });
      toDestroy.push(buffer);
      const data = new Uint8Array(buffer.size);
      data.set(vb.data);
      device.queue.writeBuffer(buffer, 0, data);
      return buffer;
    });

    // Pipelines first (their errors name the step), then one pass per step.
    const pipelines = [];
    for (const [i, step] of job.steps.entries()) {
      device.pushErrorScope('validation');
      const { layout } = layoutFor(step);
      if (step.kind === 'dispatch') {
        pipelines.push(device.createComputePipeline({ layout, compute: stage(step.compute), label: `step ${i}` }));
      } else {
        const blend = step.blend === 'alpha' ? {
          color: { srcFactor: 'src-alpha', dstFactor: 'one-minus-src-alpha', operation: 'add' },
          alpha: { srcFactor: 'one', dstFactor: 'one-minus-src-alpha', operation: 'add' },
        } : undefined;
        pipelines.push(device.createRenderPipeline({
          layout, label: `step ${i}`,
          vertex: { ...stage(step.vertex), buffers: job.vertexBuffers.map((vb) => ({ arrayStride: vb.stride, stepMode: vb.stepMode, attributes: vb.attributes })) },
          fragment: { ...stage(step.fragment), targets: [{ format: job.target.format.name, blend }] },
          primitive: { topology: step.topology, frontFace: step.frontFace, cullMode: step.cullMode },
        }));
      }
      const error = await device.popErrorScope();
      if (error) errors.push(`step ${i} (${step.kind}) pipeline: ${error.message.split('\n')[0].trim()}`);
    }
    if (errors.length > 0) return null;

    const encoder = device.createCommandEncoder();
    let targetCleared = false;
    for (const [i, step] of job.steps.entries()) {
      if (step.kind === 'dispatch') {
        const pass = encoder.beginComputePass();
        pass.setPipeline(pipelines[i]);
        layoutFor(step).bindGroups.forEach((g, n) => pass.setBindGroup(n, g));
        pass.dispatchWorkgroups(...step.dispatch);
        pass.end();
      } else {
        // The target is cleared by the first draw and loaded by the later ones.
        const [r, g, b, a] = job.target.clear;
        const pass = encoder.beginRenderPass({
          colorAttachments: [{ view: target.createView(), loadOp: targetCleared ? 'load' : 'clear', storeOp: 'store', clearValue: { r, g, b, a } }],
        });
        targetCleared = true;
        pass.setPipeline(pipelines[i]);
        layoutFor(step).bindGroups.forEach((g, n) => pass.setBindGroup(n, g));
        vertexBuffers.forEach((vb, n) => pass.setVertexBuffer(n, vb));
        pass.draw(step.vertices, step.instances);
        pass.end();
      }
    }

    // Readback: each output into a mappable buffer (texture rows padded to 256 bytes, then unpadded).
    const readbacks = [];
    for (const name of job.outputs) {
      const r = name === 'target' ? { ...job.target, layers: 1 } : job.resources.find((x) => x.name === name);
      const object = name === 'target' ? target : gpu.get(name);
      if (r.format) {
        const rowBytes = r.width * r.format.texelSize;
        const paddedRow = roundUp(rowBytes, 256);
        const staging = device.createBuffer({ size: paddedRow * r.height * r.layers, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        toDestroy.push(staging);
        encoder.copyTextureToBuffer({ texture: object }, { buffer: staging, bytesPerRow: paddedRow, rowsPerImage: r.height }, [r.width, r.height, r.layers]);
        readbacks.push({ name, staging, unpad: (bytes) => {
          const out = new Uint8Array(rowBytes * r.height * r.layers);
          for (let row = 0; row < r.height * r.layers; row++) out.set(bytes.subarray(row * paddedRow, row * paddedRow + rowBytes), row * rowBytes);
          return out;
        } });
      } else {
        const staging = device.createBuffer({ size: bufferSize(r.size), usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
        toDestroy.push(staging);
        encoder.copyBufferToBuffer(object, 0, staging, 0, bufferSize(r.size));
        readbacks.push({ name, staging, unpad: (bytes) => bytes.slice(0, r.size) });
      }
    }
    device.queue.submit([encoder.finish()]);
    await device.queue.onSubmittedWorkDone();

    const outputs = {};
    for (const { name, staging, unpad } of readbacks) {
      await staging.mapAsync(GPUMapMode.READ);
      outputs[name] = encode(unpad(new Uint8Array(staging.getMappedRange()).slice()), job.encoding);
      staging.unmap();
    }
    return outputs;
  }
}

// dawn.mjs - Dawn for Node (npm `webgpu`): the GPU instance and adapter of a process, and devices on it.
import { create, globals } from 'webgpu';

// dawn.node crashes when the object create() returns is garbage-collected while one of its devices lives, so every
// instance stays referenced here for the life of the process.
const liveInstances = [];

// The optional features a shader may need (`enable f16;`, `enable subgroups;`).
export const shaderFeatures = ['shader-f16', 'subgroups'];

// Opens the first adapter of `backend` (and returns the instance too: an adapter creates one device only, so
// more devices need more adapters from it) ('null': validation only; 'vulkan': execution). Throws when there is none.
export async function openAdapter(backend) {
  Object.assign(globalThis, globals);
  const gpu = create([`backend=${backend}`]);
  liveInstances.push(gpu);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error(`Dawn found no adapter for backend=${backend}`);
  const info = adapter.info;
  return {
    gpu,
    adapter,
    description: {
      backend,
      adapter: [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' / '),
      architecture: info.architecture,
      adapterFeatures: [...adapter.features].sort(),
      subgroupSize: info.subgroupMinSize === info.subgroupMaxSize ? info.subgroupMinSize
                                                                  : [info.subgroupMinSize, info.subgroupMaxSize],
    },
  };
}

// A device with `features` and the spec's default limits (what a portable web page gets). `lost.reason` is set
// when the device is lost; `uncaptured` collects errors raised outside any error scope.
export async function openDevice(adapter, features) {
  const device = await adapter.requestDevice({ requiredFeatures: features });
  const lost = { reason: null };
  device.lost.then((info) => { lost.reason = `${info.reason}: ${info.message}`; });
  const uncaptured = [];
  device.addEventListener('uncapturederror', (event) => uncaptured.push(event.error.message));
  return { device, lost, uncaptured };
}

export function plainLimits(limits) {
  const out = {};
  for (const key in limits) {
    if (typeof limits[key] === 'number') out[key] = limits[key];
  }
  return out;
}

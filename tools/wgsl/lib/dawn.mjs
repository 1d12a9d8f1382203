// dawn.mjs - Dawn for Node (npm `webgpu`): one GPU instance, adapter and device for a whole process.
import { create, globals } from 'webgpu';

// dawn.node crashes when the object create() returns is garbage-collected while one of its devices lives, so every
// instance stays referenced here for the life of the process.
const liveInstances = [];

// The optional features a shader may need (`enable f16;`, `enable subgroups;`): requested whenever the adapter has them.
export const shaderFeatures = ['shader-f16', 'subgroups'];

function plainLimits(limits) {
  const out = {};
  for (const key in limits) {
    if (typeof limits[key] === 'number') out[key] = limits[key];
  }
  return out;
}

// Opens `backend` ('null' for validation only, 'vulkan' to execute). The device gets the spec's default limits (what
// a portable web page gets) and every feature of `shaderFeatures` the adapter offers. Throws with an explanation
// when no adapter is found.
export async function openDevice(backend) {
  Object.assign(globalThis, globals);
  const gpu = create([`backend=${backend}`]);
  liveInstances.push(gpu);
  const adapter = await gpu.requestAdapter();
  if (!adapter) throw new Error(`Dawn found no adapter for backend=${backend}`);
  const features = shaderFeatures.filter((f) => adapter.features.has(f));
  const device = await adapter.requestDevice({ requiredFeatures: features });
  const lost = { reason: null };
  device.lost.then((info) => { lost.reason = `${info.reason}: ${info.message}`; });
  const info = adapter.info;
  return {
    device,
    lost,
    description: {
      backend,
      adapter: [info.vendor, info.architecture, info.device, info.description].filter(Boolean).join(' / '),
      adapterFeatures: [...adapter.features].sort(),
      features,
      subgroupSize: info.subgroupMinSize === info.subgroupMaxSize ? info.subgroupMinSize
                                                                  : [info.subgroupMinSize, info.subgroupMaxSize],
      limits: plainLimits(device.limits),
    },
  };
}

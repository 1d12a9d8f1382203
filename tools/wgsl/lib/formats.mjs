// formats.mjs - the texture formats a job may name: bytes per texel and the texture sample type they bind as.
// The names are WebGPU's (GPUTextureFormat).
const table = {
  r8unorm: [1, 'float'], rg8unorm: [2, 'float'], rgba8unorm: [4, 'float'], 'rgba8unorm-srgb': [4, 'float'],
  bgra8unorm: [4, 'float'],
  r16float: [2, 'float'], rg16float: [4, 'float'], rgba16float: [8, 'float'],
  r32float: [4, 'unfilterable-float'], rg32float: [8, 'unfilterable-float'], rgba32float: [16, 'unfilterable-float'],
  r32uint: [4, 'uint'], rg32uint: [8, 'uint'], rgba32uint: [16, 'uint'],
  r32sint: [4, 'sint'], rg32sint: [8, 'sint'], rgba32sint: [16, 'sint'],
  r8uint: [1, 'uint'], rgba8uint: [4, 'uint'], r8sint: [1, 'sint'], rgba8sint: [4, 'sint'],
  depth32float: [4, 'depth'],
};

export function textureFormat(name) {
  const entry = table[name];
  if (!entry) throw new Error(`unknown texture format '${name}' (known: ${Object.keys(table).join(', ')})`);
  return { name, texelSize: entry[0], sampleType: entry[1] };
}

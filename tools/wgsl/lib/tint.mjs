// tint.mjs - Tint (the WGSL compiler of Chrome and Dawn) through a Dawn device on the null backend: no GPU needed.
// A module is checked by createShaderModule + getCompilationInfo (parse, resolve, uniformity), and each compute entry
// point by creating its pipeline with an automatic layout, which checks what only a pipeline checks against the
// device's default limits (workgroup size and invocations, workgroup storage).
import { openAdapter, openDevice, plainLimits, shaderFeatures } from './dawn.mjs';
import { computeEntryPoints } from './wgsl_scan.mjs';

export class Tint {
  // A device on the null adapter with every shader feature it offers (shader-f16 and subgroups).
  static async open() {
    const tint = new Tint();
    const { adapter, description } = await openAdapter('null');
    const features = shaderFeatures.filter((f) => adapter.features.has(f));
    tint.#opened = await openDevice(adapter, features);
    tint.#description = { ...description, features, limits: plainLimits(tint.#opened.device.limits) };
    return tint;
  }

  #opened = null;
  #description = null;

  get description() { return this.#description; }

  // Returns { errors: [text], warnings: [text] }; no errors means Tint accepts the module.
  async check(code) {
    const { device, lost } = this.#opened;
    if (lost.reason) throw new Error(`the Tint device was lost (${lost.reason})`);
    const errors = [];
    const warnings = [];
    device.pushErrorScope('validation');
    const module = device.createShaderModule({ code });
    const info = await module.getCompilationInfo();
    for (const m of info.messages) {
      const text = `${m.lineNum}:${m.linePos}: ${m.message}`;
      if (m.type === 'error') errors.push(text);
      else if (m.type === 'info' && errors.length > 0) errors[errors.length - 1] += `\n  note: ${text}`;  // the error's own note
      else warnings.push(text);
    }
    const moduleScope = await device.popErrorScope();
    if (errors.length === 0 && moduleScope) errors.push(moduleScope.message);
    if (errors.length === 0) {
      for (const entryPoint of computeEntryPoints(code)) {
        device.pushErrorScope('validation');
        device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint } });
        const scope = await device.popErrorScope();
        // Dawn appends " - While calling ..." context lines that say nothing about the shader.
        if (scope) errors.push(`compute pipeline '${entryPoint}': ${scope.message.split('\n')[0].trim()}`);
      }
    }
    return { errors, warnings };
  }
}

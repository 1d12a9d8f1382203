// naga.mjs - naga (the WGSL compiler of Firefox and wgpu), built for WebAssembly by the npm package
// wgsl-wasm-transpiler-bundler (naga 25.0.1). The package is laid out for bundlers (it imports the .wasm file as an
// ES module), so it is instantiated here by hand with its JavaScript glue as the import object.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('wgsl-wasm-transpiler-bundler/package.json'));

export const nagaVersion = '25.0.1';

// One instance of the module, with its glue. A panic inside naga leaves the WebAssembly instance in an unknown
// state (wasm-bindgen's heap may be half-updated), so after a trap the next call gets a fresh instance.
export class Naga {
  static async load() {
    const naga = new Naga();
    await naga.#instantiate();
    return naga;
  }

  #glue = null;

  async #instantiate() {
    // A fresh copy of the glue module per instance: its module-level state points at one instance's memory.
    const glue = await import(`${join(packageDir, 'wgsl_wasm_transpiler_bg.js')}?instance=${Date.now()}-${Math.random()}`);
    const bytes = readFileSync(join(packageDir, 'wgsl_wasm_transpiler_bg.wasm'));
    const { instance } = await WebAssembly.instantiate(bytes, { './wgsl_wasm_transpiler_bg.js': glue });
    glue.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start();
    this.#glue = glue;
  }

  // Parses and validates `code` with naga's front end and validator, then writes it back with naga's WGSL writer
  // (the package's compileShader has no validate-only call). Returns { error, note }: error is null when naga accepts
  // the module, otherwise its parse error ("Failed to parse WGSL: ..."), validation error ("Validation failed: ...")
  // or the panic it hit ("naga panicked: ..."). A writer failure ("Failed to generate WGSL: ...", e.g. naga 25's
  // writer refuses `override` declarations) comes after validation succeeded, so it is a note, not an error.
  async check(code) {
    // naga's panic hook reports through console.error; collect it as part of the message instead of printing it.
    const printed = [];
    const consoleError = console.error;
    console.error = (...args) => printed.push(args.join(' '));
    try {
      this.#glue.compileShader(code, 'wgsl');
      return { error: null, note: null };
    } catch (error) {
      if (error instanceof WebAssembly.RuntimeError) {
        await this.#instantiate();
        return { error: `naga panicked: ${[...printed, String(error.message)].join('\n')}`, note: null };
      }
      const message = String(error?.message ?? error);
      if (message.startsWith('Failed to generate WGSL: ')) {
        return { error: null, note: `validated; naga's WGSL writer then stopped: ${message.slice(25)}` };
      }
      return { error: message, note: null };
    } finally {
      console.error = consoleError;
    }
  }
}

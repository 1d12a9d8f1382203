#!/usr/bin/env node
// run.mjs - runs WebGPU jobs (JSON; the format is in docs/execution-tests.md, "WebGPU on the CPU") on Dawn's Vulkan
// backend over SwiftShader, the CPU Vulkan driver fetch-swiftshader.sh puts in the cache, many jobs in one process.
//
//   node tools/wgsl/run.mjs JOB.json...       jobs on the command line
//   node tools/wgsl/run.mjs --list LIST|-     one job path a line ('-' streams standard input, answering each line)
//
// Output: JSON lines. First the adapter: {"runner":{"backend":"vulkan","adapter":"google / swiftshader / ...",
// "adapterFeatures":[...],"subgroupSize":4,"limits":{...}}}; then one line per job, in order:
//   {"job":"PATH","name":"NAME","ok":true,"outputs":{"NAME":{"base64":"...","bytes":N},...},"warnings":[...]}
//   {"job":"PATH","name":"NAME","ok":false,"error":"every WebGPU error, one a line"}
// Exit status: 0 when every job ran, 1 when one failed, 2 when the runner could not start.
import { inputPaths } from './lib/cli.mjs';
import { openAdapter } from './lib/dawn.mjs';
import { WebGpuRunner } from './lib/execute.mjs';
import { readJob } from './lib/job.mjs';
import { useSwiftshader } from './lib/swiftshader.mjs';

async function main() {
  const paths = inputPaths('run.mjs', 'JOB.json', process.argv.slice(2));
  let runner;
  try {
    useSwiftshader();
    const opened = await openAdapter('vulkan');
    if (opened.description.architecture !== 'swiftshader') {
      throw new Error(`Dawn's Vulkan adapter is '${opened.description.adapter}', not SwiftShader`);
    }
    runner = new WebGpuRunner(opened);
    runner.description.limits = await runner.limits();
  } catch (error) {
    process.stderr.write(`run.mjs: WebGPU did not start: ${error.message ?? error}\n`);
    process.exit(2);
  }
  const { architecture, ...header } = runner.description;
  process.stdout.write(`${JSON.stringify({ runner: header })}\n`);
  let status = 0;
  for await (const path of paths) {
    let job = null;
    try {
      job = readJob(path);
      const { outputs, warnings } = await runner.run(job);
      process.stdout.write(`${JSON.stringify({ job: path, name: job.name, ok: true, outputs, warnings })}\n`);
    } catch (error) {
      status = 1;
      const line = { job: path, name: job?.name ?? null, ok: false, error: String(error.message ?? error) };
      if (error.warnings?.length) line.warnings = error.warnings;
      process.stdout.write(`${JSON.stringify(line)}\n`);
    }
  }
  process.exitCode = status;
}

await main();

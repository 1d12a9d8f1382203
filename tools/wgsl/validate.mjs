#!/usr/bin/env node
// validate.mjs - checks WGSL files with Tint (Dawn's null backend) and naga (WebAssembly), many files in one process.
//
//   node tools/wgsl/validate.mjs FILE.wgsl...          files on the command line
//   node tools/wgsl/validate.mjs --list LIST           one path a line ('-' reads standard input, answering each
//                                                      line as it arrives, so a caller can stream paths)
//
// Output: JSON lines on standard output. The first describes the validators:
//   {"validators":{"tint":{"backend":"null","adapter":...,"features":[...],...},"naga":{"version":"25.0.1"}}}
// then one line per file, in input order:
//   {"file":"a.wgsl","tint":"ok"|"<errors>","naga":"ok"|"<error>"[,"tintWarnings":["..."]][,"nagaNote":"..."]}
// (tint: one "line:col: message" per error, then "compute pipeline 'NAME': ..." for pipeline errors; nagaNote: naga
// validated the module but its WGSL writer stopped, e.g. on `override`).
// An unreadable file gives {"file":...,"error":"<why>"}. Exit status: 0 when both validators accept every file,
// 1 when some file is rejected, 2 when a file could not be read or the validators could not start.
import { readFileSync } from 'node:fs';
import { inputPaths } from './lib/cli.mjs';
import { Naga, nagaVersion } from './lib/naga.mjs';
import { Tint } from './lib/tint.mjs';

// Validates one WGSL text with both; the result fields of an output line.
async function validateText(tint, naga, code) {
  const t = await tint.check(code);
  const n = await naga.check(code);
  const result = { tint: t.errors.length === 0 ? 'ok' : t.errors.join('\n'), naga: n.error ?? 'ok' };
  if (t.warnings.length > 0) result.tintWarnings = t.warnings;
  if (n.note) result.nagaNote = n.note;
  return result;
}

async function main() {
  const paths = inputPaths('validate.mjs', 'FILE.wgsl', process.argv.slice(2));
  let tint, naga;
  try {
    [tint, naga] = await Promise.all([Tint.open(), Naga.load()]);
  } catch (error) {
    process.stderr.write(`validate.mjs: the validators did not start: ${error.stack ?? error}\n`);
    process.exit(2);
  }
  const { limits, architecture, ...tintDescription } = tint.description;
  process.stdout.write(`${JSON.stringify({ validators: { tint: tintDescription, naga: { version: nagaVersion } } })}\n`);
  let status = 0;
  for await (const file of paths) {
    let code;
    try {
      code = readFileSync(file, 'utf8');
    } catch (error) {
      process.stdout.write(`${JSON.stringify({ file, error: error.message })}\n`);
      status = 2;
      continue;
    }
    const result = await validateText(tint, naga, code);
    if ((result.tint !== 'ok' || result.naga !== 'ok') && status === 0) status = 1;
    process.stdout.write(`${JSON.stringify({ file, ...result })}\n`);
  }
  process.exitCode = status;
}

await main();

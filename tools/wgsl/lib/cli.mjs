// cli.mjs - the command line both tools share: input paths as arguments, or `--list LIST` with one path a line
// ('-' streams standard input, so a caller can feed paths and read each answer as it comes).
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';

export function usageError(tool, what, message) {
  process.stderr.write(`${tool}: ${message}\nusage: node ${tool} ${what}... | --list LIST|-\n`);
  process.exit(2);
}

// Checks `argv` (process.argv without node and the script) at once, before any tool starts, and returns an async
// iterable of its input paths.
export function inputPaths(tool, what, argv) {
  if (argv[0] === '--list') {
    if (argv.length !== 2) usageError(tool, what, '--list takes one argument');
    const input = argv[1] === '-' ? process.stdin : createReadStream(argv[1]);
    return (async function* lines() {
      for await (const line of createInterface({ input, crlfDelay: Infinity })) {
        if (line.trim() !== '') yield line.trim();
      }
    })();
  }
  if (argv.length === 0) usageError(tool, what, `no ${what} given`);
  const option = argv.find((arg) => arg.startsWith('--'));
  if (option) usageError(tool, what, `unknown option ${option}`);
  return argv;
}

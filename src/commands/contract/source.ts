/** `scout contract source <address> [--out DIR] [--force]`: a verified contract's source. */
import { UsageError } from '../../base/errors.js';
import { parsePositiveInt, parseSize } from '../../base/validate.js';
import { singleAddressArg } from '../args.js';
import { command, flag, option } from '../../kit/spec.js';

export default command({
  name: 'source',
  description: "a verified contract's source: the main file, or every file under a directory",
  args: { address: singleAddressArg },
  options: {
    out: option('<dir>', 'write every source file under this directory, each at its own relative path', (v) => {
      if (v.trim() === '') throw new UsageError('invalid --out "": expected a directory');
      return v;
    }, { complete: { file: true } }),
    force: flag('with --out: replace files that exist (each with a new file: an old mode or hard link is not kept)'),
    allowHidden: flag('with --out: write hidden files and directories (.github, .env); never .git'),
    maxFiles: option('<n>', 'with --out: most files to write, and most directories they need (default 1000)', (raw, from) => parsePositiveInt(raw, from)!),
    maxDepth: option('<n>', 'with --out: most levels in a written path, the file included (default 32)', (raw, from) => parsePositiveInt(raw, from)!),
    maxFileSize: option('<size>', 'with --out: largest file to write, like 10MiB (default 10MiB)', (raw, from) => parseSize(raw, from, 500 * 1024 * 1024)),
  },
  output: 'none',
  help:
    'Without --out, prints the main source file: as sent when piped; on a terminal with control\n' +
    'characters made visible. With --out, a path from the explorer that is absolute, has a drive\n' +
    'letter, climbs out (..), holds NUL, control or invisible characters, has a .git segment (in any\n' +
    'spelling git refuses) or, without --allow-hidden, any segment starting with a dot, or leads\n' +
    'through a symbolic link is refused (exit 1) before anything is written, as are more files,\n' +
    'directories, levels or bytes than the --max-* limits, and an existing file without --force. A\n' +
    'failure or Ctrl-C while writing removes what the run wrote. The paths written are printed, one\n' +
    'per line. No verified source is exit 3.',
  examples: ['scout contract source 0xdAC17F958D2ee523a2206206994597C13D831ec7 --out ./usdt', 'scout contract source 0xdAC17F958D2ee523a2206206994597C13D831ec7 | less'],
  run: async (inv, { address, out, ...o }) => (await import('./contract.run.js')).source(inv, address, { out, ...o }),
});

/** `scout contract source <address> [--out DIR] [--force]`: a verified contract's source. */
import { UsageError } from '../../errors.js';
import { singleAddressArg } from '../args.js';
import { command, flag, option } from '../spec.js';

export default command({
  name: 'source',
  description: "a verified contract's source: the main file, or every file under a directory",
  args: { address: singleAddressArg },
  options: {
    out: option('<dir>', 'write every source file under this directory, each at its own relative path', (v) => {
      if (v.trim() === '') throw new UsageError('invalid --out "": expected a directory');
      return v;
    }, { complete: { file: true } }),
    force: flag('with --out: overwrite files that exist'),
  },
  output: 'none',
  help:
    'Without --out, prints the main source file: as sent when piped; on a terminal with control\n' +
    'characters made visible. With --out, a path from the explorer that is absolute, has a drive\n' +
    'letter, climbs out (..), holds NUL or control characters, or leads through a symbolic link out\n' +
    'of the directory is refused (exit 1) before anything is written, as is an existing file without\n' +
    '--force. The paths written are printed, one per line. No verified source is exit 3.',
  examples: ['scout contract source 0xdAC17F958D2ee523a2206206994597C13D831ec7 --out ./usdt', 'scout contract source 0xdAC17F958D2ee523a2206206994597C13D831ec7 | less'],
  run: async (inv, { address, out, force }) => (await import('./contract.run.js')).source(inv, address, { out, force }),
});

/**
 * `scout export <address|name> [--what <list>] --out <dir> [--format parquet|ndjson|csv] [--since <time>]
 * [--until <time>] [--raw] [--chains <list>]` and `scout export --resume <dir>`: an address's whole history (or a window
 * of it) written as files to query (DuckDB, ClickHouse, Spark), resumable. The run is export.run.ts;
 * the columns of each file are export-schema.ts's.
 */
import { UsageError } from '../../base/errors.js';
import { parseAddressOrName } from '../../base/validate.js';
import { parseChainList } from '../../config/chain-list.js';
import { choice, command, flag, list, option, words } from '../../kit/spec.js';
import { chainsOption } from '../args.js';
import { WINDOW_OPTIONS } from '../../kit/window-options.js';
import { DATASETS, EXPORT_FORMATS, SCHEMA_HELP } from './export-schema.js';

const addressWords = words('[address...]', 'the address whose history to export: 0x followed by 40 hex digits, or a name such as vitalik.eth (not with --resume)', undefined, (given) => {
  if (given.length > 1) throw new UsageError(`scout export takes one address, not ${given.length}`);
  return given[0] === undefined ? undefined : parseAddressOrName(given[0]);
});

const options = {
  what: list(DATASETS, 'the datasets to export, one file each (default: all)'),
  out: option('<dir>', 'the directory the files and manifest.json go to: new, or empty'),
  format: choice(EXPORT_FORMATS, 'the file format (default parquet)'),
  ...WINDOW_OPTIONS,
  raw: flag('add a column `raw`: each item\'s JSON text as the explorer sent it'),
  resume: option('<dir>', 'continue the export whose manifest.json is in this directory, where it stopped'),
  // Parsed into an object, not a list: the export pages its chains itself into the same files (the executor fans out a list).
  chains: {
    ...chainsOption,
    help: 'export the history on several chains into the same files, a chain_id column first: chain ids or names (1,8453,optimism), or all, mainnets, testnets',
    parse: (given: unknown, from: string) => (typeof given === 'string' ? { words: parseChainList(given, from) } : undefined),
  },
};

export default command({
  name: 'export',
  description: "an address's history as Parquet, NDJSON or CSV files, resumable",
  args: { address: addressWords },
  options,
  output: 'none',
  help:
    'Each dataset is paged to its end (or through the window of --since/--until) and written to DIR/<dataset>.<format>: ' +
    'the file appears, renamed into place, only once it is whole. DIR/manifest.json records each dataset\'s cursor and rows ' +
    'after every page, so an export stopped by Ctrl-C, a network failure or a killed process continues with ' +
    '`scout export --resume DIR`, without a row twice or a row missing. Pages are kept in DIR/.parts until the end. ' +
    'Without a window, the row counts are compared at the end with the address counters where the explorer keeps them ' +
    '(transactions, token transfers), and a difference is said on stderr. ' +
    'With --chains, each chain is paged from its own explorer into the same files, one chain after another, its rows marked by a chain_id column ' +
    '(first), and the manifest records each chain\'s cursor and rows per dataset. ' +
    SCHEMA_HELP,
  examples: [
    'scout export vitalik.eth --what txs,transfers --out ~/exports/vitalik',
    'scout export 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --what logs --format ndjson --raw --out ~/exports/logs',
    'scout export 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --what txs --since 2024-01-01 --until 2025-01-01 --out ~/exports/v2024',
    'scout export --resume ~/exports/v2024',
    'scout export vitalik.eth --what txs,transfers --chains ethereum,gnosis --out ~/exports/two-chains',
  ],
  check: ({ address, what, out, format, since, until, raw, resume, chains }) => {
    if (resume !== undefined) {
      const given = [address !== undefined && 'an address', what && '--what', out !== undefined && '--out', format && '--format', since !== undefined && '--since', until !== undefined && '--until', raw && '--raw', chains && '--chains'].filter(Boolean);
      if (given.length) throw new UsageError(`--resume takes everything from the manifest: give it alone, without ${given.join(', ')}`);
      return;
    }
    if (address === undefined) throw new UsageError('scout export needs an address (or --resume <dir>)');
    if (out === undefined) throw new UsageError('scout export needs --out <dir>: the directory the files go to');
  },
  run: async (inv, input) => (await import('./export.run.js')).exportRun(inv, input),
});

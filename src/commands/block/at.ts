/**
 * `scout block at <time> [--before|--after]`: the block at a point in time, from the explorer's
 * block-by-time endpoint (one request), else a search over block times, else (a time still to come)
 * an estimate from the average block time.
 */
import { UsageError } from '../../base/errors.js';
import { parseTimePoint, TIME_FORMS } from '../../base/time.js';
import { arg, batchable, command, flag } from '../../kit/spec.js';
import { chainsOption } from '../args.js';

/** `<time>`: a point in time as base/time.ts reads it; a block is refused (it is one already). */
export function parseBlockTime(raw: string): { kind: 'time'; ms: number; text: string } {
  const p = parseTimePoint(raw, 'time');
  if (p.kind === 'block') {
    throw new UsageError(`${p.text} is a block already: scout block ${p.block} shows it, with its time`, { hint: `block at takes a time: ${TIME_FORMS.replace(/ or a block \(.*\)$/, '')}` });
  }
  return p;
}

export default command({
  name: 'at',
  description: 'the last block at or before a time, or with --after the first at or after',
  args: { time: batchable(arg('<time>', 'a date (2024-01-01, 2024-03), a UTC date-time (2024-01-01T12:00:00Z), an age (30d, 12h, now) or a Unix time (@1704067200)', parseBlockTime)) },
  options: {
    before: flag('the last block at or before the time (the default)'),
    after: flag('the first block at or after the time'),
    chains: chainsOption,
  },
  output: 'object',
  indexed: 'blocks',
  check: ({ before, after }) => {
    if (before && after) throw new UsageError('--before and --after pick one side of the time; give one of them');
  },
  help:
    'One request where the explorer has the block-by-time endpoint; elsewhere a search over block times (about log2 of the newest ' +
    'block: 25 to 30 requests), said on stderr. A time after the newest block is estimated from the average block time, and says so.\n' +
    'Piped, one line: block<TAB>side<TAB>time asked (UTC)<TAB>found by (endpoint, search or estimate).\n' +
    '--json: the endpoint\'s answer as sent ({"status","message","result":{"blockNumber"}}); a search prints {"found_by":"search", ' +
    '"timestamp" (Unix seconds asked), "closest", "result":{"blockNumber"}, "block_timestamp", "requests"}; an estimate {"found_by":"estimate", ' +
    '"timestamp", "closest", "result":{"blockNumber"}} with the fields of /api/v2/blocks/{n}/countdown (countdown_block_number, ' +
    'current_block_number, remaining_blocks_count, estimated_time_in_seconds) and average_block_time. .result.blockNumber is the block in each.',
  examples: [
    'scout block at 2024-01-01',
    'scout block at 2024-03-01T12:00:00Z --after --json | jq -r .result.blockNumber',
    'scout block at 30d | cut -f1',
  ],
  run: async (inv, input) => (await import('./at.run.js')).blockAt(inv, input.time, input.after ? 'after' : 'before'),
  perChain: async (input) => (await import('./at.run.js')).blockAtOnChain(input.time, input.after ? 'after' : 'before'),
});

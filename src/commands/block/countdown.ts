/** `scout block countdown <number>`: how long until a block to come, as the explorer estimates it. */
import { UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { parseBlockId } from '../../base/validate.js';
import { arg, batchable, command } from '../../kit/spec.js';

/** A block number, as `block` takes it (separators allowed); a hash or `latest` has no countdown. */
function parseNumber(raw: string): string {
  const id = parseBlockId(raw);
  if (!/^\d+$/.test(id)) throw new UsageError(`invalid block ${echo(raw)}: a countdown is to a block number, not ${id === 'latest' ? 'latest' : 'a hash'}`);
  return id;
}

export default command({
  name: 'countdown',
  description: 'the time until a block to come, as the explorer estimates it',
  args: { block: batchable(arg('<number>', 'a block number still to come', parseNumber)) },
  output: 'object',
  help:
    "From /api/v2/blocks/{n}/countdown: the newest block, the blocks still to come and the time they take at the chain's average block " +
    'time. Piped, one line: block<TAB>newest<TAB>remaining blocks<TAB>seconds<TAB>estimated time (UTC). A block already mined is said ' +
    'so (piped: block<TAB>mined), exit 0; --json prints the answer as sent.',
  examples: ['scout block countdown 25000000', 'scout block countdown 25000000 --json | jq -r .estimated_time_in_seconds'],
  run: async (inv, { block }) => (await import('./countdown.run.js')).run(inv, block),
});

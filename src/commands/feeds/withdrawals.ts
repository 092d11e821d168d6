/** `scout withdrawals`: the chain's latest beacon withdrawals. */
import { latestWithdrawals } from '../../api/endpoints.js';
import { byIndex } from '../../kit/follow-options.js';
import { chainsOption } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'withdrawals',
  description: "the chain's latest beacon-chain withdrawals, newest first",
  help: 'A chain without beacon-chain withdrawals has none to list: an empty list, exit 0.',
  options: { chains: chainsOption },
  examples: ['scout withdrawals --limit 20', 'scout withdrawals --watch --ndjson'],
  request: () => latestWithdrawals(),
  view: 'withdrawals',
  dated: BLOCK_TIME,
  indexed: 'blocks',
  watch: byIndex,
});

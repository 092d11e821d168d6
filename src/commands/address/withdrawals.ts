/** `scout address withdrawals <address>`: beacon withdrawals. */
import { addressWithdrawals } from '../../api/endpoints.js';
import { addressArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'withdrawals',
  description: 'beacon-chain withdrawals to an address',
  args: { address: addressArg },
  examples: ['scout address withdrawals 0xE12799BC799fc024db69E118fD2A6eA293DBFF7d --all --csv'],
  request: ({ address }) => addressWithdrawals(address),
  view: 'withdrawals',
  dated: BLOCK_TIME,
  indexed: 'blocks',
});

/** `scout block internal-txs <block> [--type …] [--call-type …]`: the internal transactions of one block, in its order. */
import { CALL_TYPES, INTERNAL_TYPES } from '../../api/endpoints.js';
import { choice, command } from '../../kit/spec.js';
import { blockArg } from './args.js';

export default command({
  name: 'internal-txs',
  description: 'internal transactions (calls between contracts) of a block, in the block’s order',
  args: { block: blockArg },
  options: {
    // Named by a short placeholder: the values, listed in the help, would not fit a narrow terminal.
    type: { ...choice(INTERNAL_TYPES, `only internal transactions of this kind: ${INTERNAL_TYPES.join(', ')} (call takes in every kind of call)`), value: '<kind>' },
    callType: { ...choice(CALL_TYPES, `only calls of this kind: ${CALL_TYPES.join(', ')}`), value: '<kind>' },
  },
  output: 'list',
  columns: 'blockInternalTransactions',
  examples: ['scout block internal-txs 19000000 --limit 20', 'scout block internal-txs latest --call-type delegatecall --csv'],
  indexed: 'internal-transactions',
  run: async (inv, { block, type, callType }) => (await import('./block.run.js')).internalTransactions(inv, block, { type, callType }),
});

/** `scout tx internal-txs <hash>`: the internal transactions (calls between contracts) of a transaction. */
import { transactionInternalTransactions } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'internal-txs',
  description: 'internal transactions (calls between contracts) of a transaction',
  args: { hash: hashArg },
  examples: ['scout tx internal-txs 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e'],
  request: ({ hash }) => transactionInternalTransactions(hash),
  view: 'txInternalTransactions',
});

/** `scout tx transfers <hash> [--type list]`: all token transfers of one transaction. */
import { TOKEN_TYPES, transactionTokenTransfers } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { list, listCommand } from '../spec.js';

export default listCommand({
  name: 'transfers',
  description: 'every token transfer of a transaction',
  args: { hash: hashArg },
  options: { type: list(TOKEN_TYPES, 'token types, comma separated') },
  examples: ['scout tx transfers 0x5c50…9e1a --all --csv'],
  request: ({ hash, type }) => transactionTokenTransfers(hash, { type }),
  view: 'txTransfers',
});

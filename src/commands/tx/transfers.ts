/** `scout tx transfers <hash> [--type list]`: all token transfers of one transaction. */
import { TOKEN_TYPES, transactionTokenTransfers } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { list, listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'transfers',
  description: 'every token transfer of a transaction',
  args: { hash: hashArg },
  options: { type: list(TOKEN_TYPES, 'token types, comma separated') },
  examples: ['scout tx transfers 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --all --csv'],
  request: ({ hash, type }) => transactionTokenTransfers(hash, { type }),
  view: 'txTransfers',
});

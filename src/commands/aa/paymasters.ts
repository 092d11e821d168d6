/** `scout aa paymasters`: ERC-4337 paymasters, the most operations sponsored first. */
import { aaPaymasters } from '../../api/endpoints.js';
import { chainsOption } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { AA_LIST_HELP } from './help.js';

export default listCommand({
  name: 'paymasters',
  description: 'ERC-4337 paymasters, the most operations sponsored first',
  options: { chains: chainsOption },
  help: AA_LIST_HELP,
  examples: ['scout aa paymasters --limit 10', 'scout aa paymasters --all --csv > paymasters.csv'],
  request: () => aaPaymasters(),
  view: 'aaPaymasters',
});

/** `scout aa bundlers`: ERC-4337 bundlers, the most operations first. */
import { aaBundlers } from '../../api/endpoints.js';
import { chainsOption } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { AA_LIST_HELP } from './help.js';

export default listCommand({
  name: 'bundlers',
  description: 'ERC-4337 bundlers, the most operations first',
  options: { chains: chainsOption },
  help: AA_LIST_HELP,
  examples: ['scout aa bundlers --limit 10', 'scout aa bundlers --chains base,optimism --limit 5'],
  request: () => aaBundlers(),
  view: 'aaBundlers',
});

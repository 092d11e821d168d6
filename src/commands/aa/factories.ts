/** `scout aa factories`: ERC-4337 smart account factories, the most accounts first. */
import { aaFactories } from '../../api/endpoints.js';
import { chainsOption } from '../args.js';
import { listCommand } from '../../kit/spec.js';
import { AA_LIST_HELP } from './help.js';

export default listCommand({
  name: 'factories',
  description: 'ERC-4337 smart account factories, the most accounts first',
  options: { chains: chainsOption },
  help: AA_LIST_HELP,
  examples: ['scout aa factories --limit 10', "scout aa factories --json | jq '.[0].total_accounts'"],
  request: () => aaFactories(),
  view: 'aaFactories',
});

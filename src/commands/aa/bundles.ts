/** `scout aa bundles [--bundler <address>]`: bundle transactions, newest first. */
import { aaBundles } from '../../api/endpoints.js';
import { parseAddress } from '../../base/validate.js';
import { chainsOption } from '../args.js';
import { listCommand, option } from '../../kit/spec.js';
import { AA_LIST_HELP } from './help.js';

export default listCommand({
  name: 'bundles',
  description: 'ERC-4337 bundle transactions, newest first, with their operation counts',
  options: { bundler: option('<address>', 'only the bundles this bundler sent', parseAddress), chains: chainsOption },
  help: AA_LIST_HELP,
  examples: ['scout aa bundles --limit 10', 'scout aa bundles --bundler 0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108 --limit 20'],
  request: ({ bundler }) => aaBundles({ bundler }),
  view: 'aaBundles',
});

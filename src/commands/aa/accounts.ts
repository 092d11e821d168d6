/** `scout aa accounts [--factory <address>]`: the smart accounts the explorer's AA service knows. */
import { aaAccounts } from '../../api/endpoints.js';
import { parseAddress } from '../../base/validate.js';
import { chainsOption } from '../args.js';
import { listCommand, option } from '../../kit/spec.js';
import { AA_LIST_HELP } from './help.js';

export default listCommand({
  name: 'accounts',
  description: 'ERC-4337 smart accounts, with their factory and operation count',
  options: { factory: option('<address>', 'only the accounts this factory deployed', parseAddress), chains: chainsOption },
  help: AA_LIST_HELP,
  examples: ['scout aa accounts --limit 10', 'scout aa accounts --factory 0x0000000000400CdFef5E2714E63d8040b700BC24 --all --csv > accounts.csv'],
  request: ({ factory }) => aaAccounts({ factory }),
  view: 'aaAccounts',
});

/** `scout hot [--scale 5m|1h|3h|1d|7d|30d] [--by transactions|gas]`: the contracts called most in a recent period. */
import { HOT_ORDERS, HOT_SCALES, hotContracts } from '../../api/endpoints.js';
import { parseChoice } from '../../base/validate.js';
import { chainsOption } from '../args.js';
import { choice, listCommand, option } from '../../kit/spec.js';

export default listCommand({
  name: 'hot',
  description: 'the contracts called most in the last minutes, hours or days',
  options: {
    scale: option('<period>', `the period counted: ${HOT_SCALES.join(', ')}`, (raw, from) => parseChoice(raw, HOT_SCALES, from), { default: '1d', complete: { values: HOT_SCALES } }),
    by: choice(HOT_ORDERS, 'rank by transactions (the explorer\'s own order) or by gas used, largest first'),
    chains: chainsOption,
  },
  help: 'Each contract with its transactions and gas used in the period and its balance now. An explorer without the statistics says so in one line (exit 3; with --chains, that chain is skipped and named).',
  examples: ['scout hot', 'scout hot --scale 1h --by gas --limit 10', 'scout hot --scale 5m --chains mainnets --limit 5'],
  request: ({ scale, by }) => hotContracts({ scale, by }),
  view: 'hotContracts',
});

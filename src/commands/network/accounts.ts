/** `scout accounts [--sort balance|transactions_count] [--order asc|desc]`: the top accounts of the chain. */
import { ACCOUNT_SORTS, ORDERS, topAccounts } from '../../api/endpoints.js';
import { chainsOption } from '../args.js';
import { choice, listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'accounts',
  description: "the accounts holding the most of the chain's coin",
  options: {
    sort: choice(ACCOUNT_SORTS, 'order by coin balance (the default) or by transaction count'),
    order: choice(ORDERS, 'with --sort: descending (the default) or ascending'),
    chains: chainsOption,
  },
  examples: ['scout accounts --limit 20', 'scout accounts --sort transactions_count --csv > busiest.csv', 'scout accounts --chains 1,8453 --limit 5'],
  request: ({ sort, order }) => topAccounts({ sort, order }),
  view: 'topAccounts',
});

/** `scout tokens [query...] [--type <list>]`: the explorer's tokens, in its own order. */
import { TOKEN_TYPES, tokenList } from '../../api/endpoints.js';
import { chainsOption } from '../args.js';
import { list, listCommand } from '../../kit/spec.js';
import { queryArg } from './args.js';

export default listCommand({
  name: 'tokens',
  description: "the explorer's tokens, the largest market cap first, with holders and price",
  args: { q: queryArg('a name or symbol') },
  options: { type: list(TOKEN_TYPES, 'token types, comma separated'), chains: chainsOption },
  help: 'In the order the explorer lists them: by market cap where it knows one, then by holders. The price and market cap are the explorer\'s, in USD, where it has them; piped and in CSV as sent.',
  examples: ['scout tokens --limit 20', 'scout tokens usd --type ERC-20', 'scout tokens --type ERC-721 --chains mainnets --limit 5'],
  request: ({ q, type }) => tokenList({ q, type }),
  view: 'tokens',
});

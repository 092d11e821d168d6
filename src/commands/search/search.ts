/** `scout search <query...>`: the words are joined with spaces and sent as `q`. */
import { SEARCH_TYPES, search } from '../../api/endpoints.js';
import { UsageError } from '../../base/errors.js';
import { chainsOption } from '../args.js';
import { list, listCommand, words } from '../../kit/spec.js';

/** The query: the words joined with spaces; none at all is a usage error. */
function query(words: string[]): string {
  const q = words.join(' ').trim();
  if (!q) throw new UsageError('search needs a query', { hint: 'for example: scout search USDT' });
  return q;
}

export default listCommand({
  name: 'search',
  description: 'search tokens, addresses, contracts, blocks, transactions and ENS names',
  args: { q: words('[query...]', 'words to search for (joined with spaces)', undefined, query) },
  options: { type: list(SEARCH_TYPES, 'keep only results of these types, comma separated'), chains: chainsOption },
  help: 'The explorer takes no type filter, so --type filters each page as it arrives: --limit counts the results kept, and a page may keep none while more exist (--all goes through them all).',
  examples: ['scout search USDT', 'scout search vitalik.eth --json', 'scout search uniswap --type token,contract --all'],
  request: ({ q, type }) => search(q, { type }),
  view: 'search',
});

/** `scout search <query...>`: the words are joined with spaces and sent as `q`. */
import { search } from '../../api/endpoints.js';
import { UsageError } from '../../errors.js';
import { listCommand, words } from '../spec.js';

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
  examples: ['scout search USDT', 'scout search vitalik.eth --json'],
  request: ({ q }) => search(q),
  view: 'search',
});

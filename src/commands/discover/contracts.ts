/** `scout contracts [query...] [--filter <language>]`: verified contracts, the most recently verified first. */
import { CONTRACT_LANGUAGES, smartContracts } from '../../api/endpoints.js';
import { chainsOption } from '../args.js';
import { choice, listCommand } from '../../kit/spec.js';
import { queryArg } from './args.js';

export default listCommand({
  name: 'contracts',
  description: 'verified contracts, the most recently verified first',
  args: { q: queryArg('a name or address') },
  options: { filter: choice(CONTRACT_LANGUAGES, 'only contracts written in this language'), chains: chainsOption },
  help: "On a terminal a line on stderr after the table gives the explorer's counts: contracts verified of all contracts, and those of the last 24 hours. Piped, --json, --ndjson and --csv print the contracts alone.",
  examples: ['scout contracts --limit 20', 'scout contracts uniswap', 'scout contracts --filter vyper --csv --limit 100'],
  request: ({ q, filter }) => smartContracts({ q, language: filter }),
  view: 'contracts',
  aside: async (s) => (await import('./contracts.run.js')).verifiedCounts(s),
});

/** `scout blocks`: the latest blocks, newest first; uncles or reorganised-away blocks with --type. */
import { BLOCK_TYPES, blocks } from '../../api/endpoints.js';
import { byHash } from '../../kit/follow-options.js';
import { choice, listCommand } from '../../kit/spec.js';
import { OWN_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'blocks',
  description: 'the latest blocks, newest first',
  options: { type: choice(BLOCK_TYPES, 'block: the main chain (the default); uncle: ommers; reorg: blocks a reorganisation replaced') },
  examples: ['scout blocks --limit 10', 'scout blocks --type reorg', 'scout blocks --watch --new-only'],
  request: ({ type }) => blocks({ type }),
  view: 'blocks',
  dated: OWN_TIME,
  indexed: 'blocks',
  watch: byHash,
});

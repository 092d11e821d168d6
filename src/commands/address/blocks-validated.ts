/** `scout address blocks-validated <address>`: the blocks an address validated (mined), newest first. */
import { addressBlocksValidated } from '../../api/endpoints.js';
import { addressArg } from '../args.js';
import { byHash } from '../../kit/follow-options.js';
import { listCommand } from '../../kit/spec.js';
import { OWN_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'blocks-validated',
  description: 'blocks an address validated (proposed or mined), newest first',
  args: { address: addressArg },
  examples: ['scout address blocks-validated 0x95222290DD7278Aa3Ddd389Cc1E1d165CC4BAfe5 --limit 20', 'scout address blocks-validated 0x95222290DD7278Aa3Ddd389Cc1E1d165CC4BAfe5 --since 1d --csv'],
  request: ({ address }) => addressBlocksValidated(address),
  view: 'blocks',
  dated: OWN_TIME,
  indexed: 'blocks',
  watch: byHash,
});

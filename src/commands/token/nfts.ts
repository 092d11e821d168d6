/** `scout token nfts <address>`: the NFT instances of a collection. */
import { tokenInstances } from '../../api/endpoints.js';
import { tokenAddressArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'nfts',
  description: 'NFT instances of a collection: id, owner, name, image',
  args: { address: tokenAddressArg },
  examples: ['scout token nfts 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D --limit 20'],
  request: ({ address }) => tokenInstances(address),
  view: 'tokenInstances',
});

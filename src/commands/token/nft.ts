/** `scout token nft <address> <id>`: one NFT: owner, metadata name, image, attributes. */
import { tokenInstancePath } from '../../api/endpoints.js';
import { tokenAddressArg, tokenIdArg } from '../args.js';
import { objectCommand } from '../../kit/spec.js';

export default objectCommand({
  name: 'nft',
  description: 'one NFT of a collection: owner, name, image, attributes',
  args: { address: tokenAddressArg, id: tokenIdArg },
  examples: ['scout token nft 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D 8520 --json | jq .metadata.attributes'],
  request: ({ address, id }) => ({ path: tokenInstancePath(address, id), what: `token ${address} id ${id}` }),
  view: 'tokenInstance',
});

/** `scout token nft <address> <id>`: one NFT: owner, metadata name, image, attributes, transfer count. */
import { tokenAddressArg, tokenIdArg } from '../args.js';
import { command } from '../../kit/spec.js';

export default command({
  name: 'nft',
  description: 'one NFT of a collection: owner, name, image, attributes, how many transfers',
  args: { address: tokenAddressArg, id: tokenIdArg },
  output: 'object',
  help:
    'With --json, the NFT as the explorer sent it, with its transfer count as sent under "counters".\n' +
    'Its holders and its history: scout token holders <address> --id <id>, scout token transfers <address> --id <id>.',
  examples: [
    'scout token nft 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D 8520 --json | jq .metadata.attributes',
    'scout token nft 0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D 8520 --json | jq .counters.transfers_count',
  ],
  run: async (inv, { address, id }) => (await import('./token.run.js')).nft(inv, address, id),
});

/** `scout token <verb>`: its verbs, in the order --help and completion list them; `scout token 0x…` is `token show`. */
import { topic } from '../../kit/spec.js';
import holders from './holders.js';
import nft from './nft.js';
import nfts from './nfts.js';
import show from './show.js';
import transfers from './transfers.js';

export default topic({
  name: 'token',
  description: 'look up a token: supply, holders, transfers, NFTs',
  examples: ['scout token 0xdAC17F958D2ee523a2206206994597C13D831ec7', 'scout token holders 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 20'],
  commands: [show, holders, transfers, nfts, nft],
  default: show,
});

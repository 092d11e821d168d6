/** `scout address transfers <address> [--type list] [--filter to|from] [--token address]`. */
import { addressCsv, addressTokenTransfers, FILTERS, TOKEN_TYPES } from '../../api/endpoints.js';
import { addressArg, addressOption, chainsOption, exportTakes } from '../args.js';
import { byTransferLog } from '../../kit/follow-options.js';
import { choice, list, listCommand } from '../../kit/spec.js';
import { BLOCK_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'transfers',
  description: 'token transfers to or from an address',
  args: { address: addressArg },
  options: {
    type: list(TOKEN_TYPES, 'token types, comma separated'),
    filter: choice(FILTERS, 'only transfers to or from the address'),
    token: addressOption('only transfers of this token contract'),
    chains: chainsOption,
  },
  examples: ['scout address transfers 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --type ERC-20 --filter to --all --ndjson'],
  request: ({ address, type, filter, token }) => addressTokenTransfers(address, { type, filter, token }),
  serverCsv: ({ address, filter, type, token }) => exportTakes(addressCsv(address, 'token-transfers', filter), 'token transfers', [['--type', type], ['--token', token]]),
  subject: ({ address }) => address,
  view: 'tokenTransfers',
  dated: BLOCK_TIME,
  indexed: 'blocks',
  watch: byTransferLog,
});

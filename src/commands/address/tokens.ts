/** `scout address tokens <address> [--type list] [--hide-scam | --show-scam]`: token balances. */
import { addressTokens, TOKEN_TYPES } from '../../api/endpoints.js';
import { UsageError } from '../../base/errors.js';
import { addressArg, chainsOption } from '../args.js';
import { flag, list, listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'tokens',
  description: 'token balances of an address',
  args: { address: addressArg },
  options: {
    type: list(TOKEN_TYPES, 'token types, comma separated'),
    hideScam: flag('leave out the tokens the explorer marks as scam, in every output (a terminal’s table does by default)'),
    showScam: flag('show the tokens the explorer marks as scam in a terminal’s table too'),
    chains: chainsOption,
  },
  check: ({ hideScam, showScam }) => {
    if (hideScam && showScam) throw new UsageError('--hide-scam and --show-scam say opposite things: give one');
  },
  help:
    'Airdropped scam tokens crowd many wallets. A table on a terminal leaves out the tokens the explorer marks as scam (reputation "scam") and says on stderr how many it left out; --show-scam shows them. ' +
    'Piped lines, CSV and JSON keep every token the explorer sent, as sent, unless --hide-scam asks to leave them out there too.',
  examples: [
    'scout address tokens 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --type erc-20',
    'scout address tokens 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --show-scam',
    'scout address tokens 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --hide-scam --json',
  ],
  // Hidden by default only where a person reads a table: what a program reads stays as the explorer sent it.
  prepare: async (input, s, output) => ({ ...input, hideScam: input.hideScam || (!input.showScam && output.mode === 'table' && s.render.tty) }),
  request: ({ address, type, hideScam }) => addressTokens(address, { type, hideScam }),
  view: 'tokenBalances',
});

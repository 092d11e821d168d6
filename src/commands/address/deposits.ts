/** `scout address deposits <address>`: beacon-chain deposits an address made, newest first. */
import { addressBeaconDeposits } from '../../api/endpoints.js';
import { addressArg } from '../args.js';
import { byIndex } from '../../kit/follow-options.js';
import { listCommand } from '../../kit/spec.js';
import { DEPOSIT_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'deposits',
  description: 'beacon-chain deposits an address made, newest first',
  args: { address: addressArg },
  help: 'Explorers of Ethereum and its testnets index deposits; another explorer answers that it has none (exit 3).',
  examples: ['scout address deposits 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --all --csv', 'scout address deposits 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 --since 30d'],
  request: ({ address }) => addressBeaconDeposits(address),
  subject: ({ address }) => address,
  view: 'deposits',
  dated: DEPOSIT_TIME,
  indexed: 'blocks',
  watch: byIndex,
});

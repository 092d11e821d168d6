/** `scout tx deposits <hash>`: the beacon-chain deposits a transaction made. */
import { transactionBeaconDeposits } from '../../api/endpoints.js';
import { hashArg } from '../args.js';
import { listCommand } from '../../kit/spec.js';

export default listCommand({
  name: 'deposits',
  description: 'beacon-chain deposits a transaction made, itself or through a contract',
  args: { hash: hashArg },
  help: 'Explorers of Ethereum and its testnets index deposits; another explorer answers that it has none (exit 3).',
  examples: ['scout tx deposits 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e --all --csv'],
  request: ({ hash }) => transactionBeaconDeposits(hash),
  view: 'txDeposits',
});

/** `scout aa <verb>`: the explorer's ERC-4337 account abstraction service, beyond one operation or address. */
import { topic } from '../../kit/spec.js';
import status from './status.js';
import accounts from './accounts.js';
import bundles from './bundles.js';
import bundlers from './bundlers.js';
import factories from './factories.js';
import paymasters from './paymasters.js';

export default topic({
  name: 'aa',
  description: "ERC-4337: top bundlers, paymasters, factories; accounts, bundles, status",
  help: 'One user operation: scout userop <hash>. Those of a smart account: scout address userops <address>; of a bundle transaction: scout tx userops <hash>.',
  examples: ['scout aa bundlers --limit 10', 'scout aa status'],
  commands: [bundlers, paymasters, factories, accounts, bundles, status],
});

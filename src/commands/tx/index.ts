/** `scout tx <verb>`: its verbs, in the order --help and completion list them. */
import { topic } from '../../kit/spec.js';
import blobs from './blobs.js';
import deposits from './deposits.js';
import explain from './explain.js';
import internalTxs from './internal-txs.js';
import logs from './logs.js';
import show from './show.js';
import stateChanges from './state-changes.js';
import summary from './summary.js';
import trace from './trace.js';
import transfers from './transfers.js';
import userops from './userops.js';

export default topic({
  name: 'tx',
  description: 'look up a transaction: details, transfers, logs, state changes, call trace',
  examples: ['scout tx show 0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e'],
  commands: [show, summary, explain, transfers, logs, internalTxs, stateChanges, trace, userops, blobs, deposits],
});

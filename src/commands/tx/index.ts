/** `scout tx <verb>`: its verbs, in the order --help and completion list them. */
import { topic } from '../spec.js';
import show from './show.js';
import trace from './trace.js';
import transfers from './transfers.js';

export default topic({
  name: 'tx',
  description: 'look up a transaction: details, token transfers, call trace',
  examples: ['scout tx show 0x5c50…9e1a'],
  commands: [show, transfers, trace],
});

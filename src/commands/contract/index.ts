/** `scout contract <verb>`: its verbs, in the order --help and completion list them; `scout contract 0x…` is `contract show`. */
import { topic } from '../../kit/spec.js';
import abi from './abi.js';
import call from './call.js';
import methods from './methods.js';
import read from './read.js';
import show from './show.js';
import source from './source.js';

export default topic({
  name: 'contract',
  description: 'look up a contract: verification, ABI, methods, source; read and call it',
  examples: ['scout contract 0xdAC17F958D2ee523a2206206994597C13D831ec7', 'scout contract source 0xdAC17F958D2ee523a2206206994597C13D831ec7 --out ./usdt'],
  commands: [show, abi, methods, read, call, source],
  default: show,
});

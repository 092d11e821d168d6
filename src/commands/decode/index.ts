/** `scout decode <verb>`: calldata, event logs and revert data, read with an ABI. */
import { topic } from '../../kit/spec.js';
import calldata from './calldata.js';
import error from './error.js';
import log from './log.js';

export default topic({
  name: 'decode',
  description: 'decode calldata, event logs and revert data with an ABI or a signature',
  examples: [
    'scout decode calldata 0xa9059cbb000000000000000000000000aea6291cb48d9675b120f74e2f0b0de01db47a000000000000000000000000000000000000000000000000000000000000000002 --to 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
    'scout decode error 0x4e487b710000000000000000000000000000000000000000000000000000000000000011',
  ],
  commands: [calldata, log, error],
});

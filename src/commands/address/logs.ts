/** `scout address logs <address> [--topic 0x…]`: event logs emitted by or involving an address. */
import { addressLogs } from '../../api/endpoints.js';
import { parseTopic } from '../../base/validate.js';
import { addressArg } from '../args.js';
import { byIndexInTransaction } from '../../kit/follow-options.js';
import { listCommand, option } from '../../kit/spec.js';
import { LOG_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'logs',
  description: 'event logs of an address, decoded where the explorer has the ABI',
  args: { address: addressArg },
  options: { topic: option('<topic>', 'only logs with this topic in any position: 0x and 64 hex digits, e.g. an event signature hash', parseTopic) },
  examples: [
    'scout address logs 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 20',
    'scout address logs 0xdAC17F958D2ee523a2206206994597C13D831ec7 --topic 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  ],
  request: ({ address, topic }) => addressLogs(address, { topic }),
  view: 'logs',
  dated: LOG_TIME,
  indexed: 'blocks',
  watch: byIndexInTransaction,
});

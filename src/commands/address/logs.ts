/** `scout address logs <address> [--topic 0x… | --event <event> | --topic0..--topic3 0x…]`: event logs emitted by or involving an address. */
import { addressCsv, addressLogs } from '../../api/endpoints.js';
import { UsageError } from '../../base/errors.js';
import { parseTopic } from '../../base/validate.js';
import { addressArg, eventOption, exportTakes, topicOption } from '../args.js';
import { byIndexInTransaction } from '../../kit/follow-options.js';
import { listCommand, option } from '../../kit/spec.js';
import { LOG_TIME } from '../../kit/window-options.js';

export default listCommand({
  name: 'logs',
  description: 'event logs of an address, decoded where the explorer has the ABI',
  args: { address: addressArg },
  options: {
    topic: option('<topic>', 'only logs with this topic in any position: 0x and 64 hex digits, e.g. an event signature hash', parseTopic),
    event: eventOption,
    topic0: topicOption(0),
    topic1: topicOption(1),
    topic2: topicOption(2),
    topic3: topicOption(3),
  },
  check: ({ event, topic0 }) => {
    if (event !== undefined && topic0 !== undefined) throw new UsageError('--event and --topic0 both say the event: give one');
  },
  help:
    'The explorer takes one topic, matched in any position (--topic). --event and --topic0..--topic3 name a position: the first of them given is sent as that topic, and logs with it elsewhere are left out here as pages arrive (a page may then show fewer logs). ' +
    '--event with a name needs the address to be a verified contract that declares the event; an overloaded name is exit 2, listing the signatures to choose from.',
  examples: [
    'scout address logs 0xdAC17F958D2ee523a2206206994597C13D831ec7 --limit 20',
    'scout address logs 0xdAC17F958D2ee523a2206206994597C13D831ec7 --topic 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
    "scout address logs 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 --event 'Transfer(address,address,uint256)' --topic2 0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045",
  ],
  // The event's topic0, before the first page: a signature hashed, a name looked up in the verified ABI.
  prepare: async (input, s) => (input.event === undefined ? input : (await import('./logs.run.js')).withEvent(input, s)),
  serverCsv: ({ address, topic, event, topic0, topic1, topic2, topic3 }) =>
    exportTakes(addressCsv(address, 'logs'), 'logs', [['--topic', topic], ['--event', event], ['--topic0', topic0], ['--topic1', topic1], ['--topic2', topic2], ['--topic3', topic3]]),
  request: ({ address, topic, event, topic0, topic1, topic2, topic3 }) => addressLogs(address, { topic, positions: [topic0 ?? event?.topic0, topic1, topic2, topic3] }),
  view: 'logs',
  dated: LOG_TIME,
  indexed: 'blocks',
  watch: byIndexInTransaction,
});

/** `scout decode log --topics … --data … | --tx <hash> --index N`: an event log, by event and argument. */
import { UsageError } from '../../base/errors.js';
import { parseHash } from '../../base/validate.js';
import { command, option } from '../../kit/spec.js';
import { abiFileOption, hexData, oneSource, parseLogIndex, parseTopics, sigOption } from './args.js';
import { addressOption } from '../args.js';

export default command({
  name: 'log',
  description: 'an event log decoded: the event and its named arguments',
  options: {
    topics: option('<list>', 'the topics, comma separated: topic0 (the event) first', parseTopics),
    data: option('<hex>', 'the log data: 0x and hex digits', (raw, from) => hexData('log data', 0)(raw, from)),
    tx: option('<hash>', 'read the log from this transaction (with --index)', (raw) => parseHash(raw)),
    index: option('<n>', "the log's index (with --tx), as the explorer numbers logs", parseLogIndex),
    address: addressOption("decode with the verified ABI of the contract that emitted the log (with --tx: the log's own emitter by default)"),
    abi: abiFileOption,
    sig: sigOption('"Transfer(address indexed from, address indexed to, uint256 value)"'),
  },
  output: 'object',
  check: ({ topics, data, tx, index, address, abi, sig }) => {
    oneSource({ '--address': address, '--abi': abi, '--sig': sig });
    if (tx !== undefined || index !== undefined) {
      if (tx === undefined || index === undefined) throw new UsageError('--tx and --index go together: the transaction and the index of its log');
      if (topics !== undefined || data !== undefined) throw new UsageError('give the log either as --topics and --data, or as --tx and --index');
    } else if (topics === undefined) throw new UsageError('give the log: --topics (with --data), or --tx and --index');
    if (tx === undefined && address === undefined && abi === undefined && sig === undefined) {
      throw new UsageError('say what to decode with: --address (the verified ABI of the emitter), --abi or --sig');
    }
  },
  help:
    'A log given as --topics and --data is decoded with --address (the verified ABI of the contract that emitted it), --abi ' +
    'or --sig; one given as --tx and --index is read from the explorer, with the ABI of its emitter unless --abi or --sig ' +
    'says otherwise. An indexed string, bytes, array or tuple is kept in the log only as its Keccak-256, and shown so. A ' +
    'signature written without "indexed" (Transfer(address,address,uint256)) takes its first parameters as indexed, as many ' +
    'as the log has topics after topic0, and says so. ' +
    '--json: {"kind": "event", "name", "signature", "topic0", "args", "source", …}.',
  examples: [
    "scout decode log --topics 0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef,0x000000000000000000000000a19ed0ae46e89461e56063f1ed268a0dc225745f,0x000000000000000000000000dc9232e2df177d7a12fdff6ecbab114e2231198d --data 0x0000000000000000000000000000000000000000000000000000000000d9fef1 --sig 'Transfer(address indexed,address indexed,uint256)'",
    'scout decode log --tx 0x5c5bca1291d1f09c07a9b66e56e78cc23da41b3e69e330dcd46a71ef6176df8b --index 220 --json',
  ],
  run: async (inv, input) => (await import('./decode.run.js')).log(inv, input),
});

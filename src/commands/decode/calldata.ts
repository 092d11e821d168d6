/** `scout decode calldata <hex> [--to <address> | --abi <file> | --sig <signature>]`: a call's input, by name and argument. */
import { hexVerb } from './args.js';

export default hexVerb({
  name: 'calldata',
  description: "a call's input decoded: the function and its named arguments",
  what: 'calldata',
  argHelp: 'the calldata: 0x, the 4-byte selector, then the arguments',
  sigExample: '"transfer(address,uint256)"',
  help:
    'With --to, the verified ABI of the contract called (through a proxy, its implementations\' too); with --abi, an ABI file; ' +
    'with --sig, one signature. With none of them, the selector is looked up in the explorer\'s list of known methods: that ' +
    'gives a name only, and the output says it was matched by selector lookup, not by the contract\'s ABI. ' +
    '--json: {"kind", "name", "signature", "selector", "args", "source", …}, integers as decimal strings; source is abi, ' +
    'abi-file, signature or lookup. A selector nothing knows is exit 3.',
  examples: [
    "scout decode calldata 0xa9059cbb000000000000000000000000aea6291cb48d9675b120f74e2f0b0de01db47a000000000000000000000000000000000000000000000000000000000000000002 --sig 'transfer(address to, uint256 value)'",
    'scout decode calldata 0xa9059cbb000000000000000000000000aea6291cb48d9675b120f74e2f0b0de01db47a000000000000000000000000000000000000000000000000000000000000000002 --to 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 --json',
  ],
  run: 'calldata',
});

/** `scout decode error <hex> [--to <address> | --abi <file> | --sig <signature>]`: revert data, by error and argument. */
import { hexVerb } from './args.js';

export default hexVerb({
  name: 'error',
  description: 'revert data decoded: Error(string), Panic with its meaning, custom errors',
  what: 'revert data',
  argHelp: 'the revert data: 0x, the 4-byte selector, then the arguments',
  sigExample: '"InsufficientBalance(uint256,uint256)"',
  help:
    "Error(string) (0x08c379a0) and Panic(uint256) (0x4e487b71) are Solidity's own and need nothing more; a custom error is " +
    "read with --to (the verified ABI of the contract that reverted), --abi or --sig. A custom error none of them knows is exit 3. " +
    '--json: {"kind": "error", "name", "signature", "selector", "args", "source", …}; a panic adds "panic": {"code", "meaning"}.',
  examples: [
    'scout decode error 0x4e487b710000000000000000000000000000000000000000000000000000000000000011',
    "scout decode error 0xe450d38c000000000000000000000000aa4ae04691e78dbf8c2f6e6db627d0d2ab0a2914000000000000000000000000000000000000000000000000000000275deeb846000000000000000000000000000000000000000000000051771e4b0c7dac282b --sig 'ERC20InsufficientBalance(address,uint256,uint256)'",
  ],
  run: 'error',
});

/** `scout contract call <address> <fn> [arg...]`: a read of a contract through the explorer's JSON-RPC, decoded with its verified ABI. */
import { UsageError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import { arg, command, words } from '../../kit/spec.js';
import { addressArg, addressOption, chainsOption } from '../args.js';
import { atOption, unitOption, valueOption } from './call-options.js';

/** `<fn>`: a name, a selector or a signature; parsed when the command runs (the ABI library is not loaded for --help). */
function parseFunction(raw: string): string {
  const t = raw.trim();
  if (!/^(function\s+)?[A-Za-z_$][A-Za-z0-9_$]*(\s*\(.*\).*)?$/s.test(t) && !/^0x[0-9a-fA-F]{8}$/.test(t)) {
    throw new UsageError(`invalid function ${echo(raw)}: expected a name (balanceOf), a name with its types (balanceOf(address)), a signature with outputs ('getReserves()(uint112,uint112,uint32)') or a selector`);
  }
  return t;
}

export default command({
  name: 'call',
  description: 'call a function of a contract (a read: eth_call) and decode its answer',
  args: {
    address: addressArg,
    fn: arg('<fn>', "a name (balanceOf), a name with its types when overloaded (balanceOf(address)), or a signature with outputs for an unverified contract ('getReserves()(uint112,uint112,uint32)')", parseFunction),
    params: words('[arg...]', "the function's arguments in order: addresses or names, integers (decimal or 0x), true/false, 0x bytes, strings, arrays and tuples as JSON or in brackets ([1,2], (0x…,1))"),
  },
  options: {
    at: atOption,
    from: addressOption('the caller the call runs as'),
    value: valueOption,
    unit: unitOption,
    chains: chainsOption,
  },
  output: 'object',
  help:
    "The ABI is the contract's verified one, through a proxy its implementations' too; a signature with outputs calls a contract " +
    'nobody verified. Arguments are checked against the parameters before the call is sent (with a signature, before any ' +
    'request): a wrong count or value is exit 2, naming the parameter. The call goes to the explorer\'s own JSON-RPC ' +
    '(eth_call): no RPC URL, no key.\n' +
    'On a terminal each output with its name and type; an unsigned amount of a token (balanceOf, totalSupply, allowance, or an ' +
    'output named like balance, supply or amount) also in the token\'s units, from its decimals() and symbol(). Piped, one ' +
    'value per line, in order (a tuple or an array as compact JSON). --json: {"<output name>": value, …}, an unnamed output by ' +
    'its position ("0", "1"), integers as decimal strings; with no output types known, {"data": "0x…"}, the bytes returned.\n' +
    'A revert is exit 1 with one line: a custom error by name and arguments from the ABI, Error(string) with its message, ' +
    'Panic with its meaning.',
  examples: [
    'scout contract call 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 balanceOf vitalik.eth',
    'scout contract call 0x4200000000000000000000000000000000000006 totalSupply --chains optimism,base',
    "scout contract call 0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc 'getReserves()(uint112,uint112,uint32)' --json",
    'scout contract call 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 balanceOf vitalik.eth --at 2024-01-01',
  ],
  run: async (inv, input) => (await import('./call.run.js')).call(inv, input),
  perChain: async (input) => (await import('./call.run.js')).callOnChain(input),
});

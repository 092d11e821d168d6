/**
 * `scout rpc <method> [params...]`: one call to the explorer's JSON-RPC (`POST /api/eth-rpc`), the
 * `result` printed as sent, as `scout api` is for REST. Only the read methods every Blockscout
 * answers; anything else, `eth_sendRawTransaction` first, is refused before any request.
 */
import { RPC_METHODS, RPC_PARAMS, type RpcMethod } from '../../api/endpoints.js';
import { UsageError } from '../../base/errors.js';
import { arrayElements } from '../../base/json/lossless.js';
import { echo } from '../../base/text/echo.js';
import { chainsOption } from '../args.js';
import { arg, command, option, words } from '../../kit/spec.js';

/** `eth_getBalance <address> [block]`: a method as its parameters make it read. */
function signature(m: RpcMethod): string {
  return [m, ...RPC_PARAMS[m].map((p) => (p.endsWith('?') ? `[${p.slice(0, -1)}]` : `<${p}>`))].join(' ');
}

/** A method scout sends, by its name (any case); exit 2 naming the methods for anything else. */
export function parseRpcMethod(raw: string): RpcMethod {
  const m = RPC_METHODS.find((x) => x.toLowerCase() === raw.trim().toLowerCase());
  if (m) return m;
  const list = `the methods: ${RPC_METHODS.join(', ')}`;
  if (/^eth_sendRawTransaction$/i.test(raw.trim())) throw new UsageError(`scout never sends transactions: eth_sendRawTransaction is refused; ${list}`);
  throw new UsageError(`scout rpc does not send ${echo(raw)}; ${list}`);
}

/** A parameter word as JSON text: the word itself when it is a JSON value (`true`, `{"to":…}`, `"0x1"`, `12`), else a JSON string of it (`latest`, `0xabc…`). */
export function rpcWord(word: string): string {
  try {
    JSON.parse(word);
    return word.trim();
  } catch {
    return JSON.stringify(word);
  }
}

/** `--params '<json array>'`: the array's elements, each as its JSON text (a big number stays as written). */
export function parseRpcParams(raw: string, from: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new UsageError(`invalid ${from} ${echo(raw)}: expected a JSON array, e.g. '["0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045","latest"]'`);
  }
  if (!Array.isArray(value)) throw new UsageError(`invalid ${from} ${echo(raw)}: expected a JSON array of the parameters`);
  return arrayElements(raw);
}

/** The parameters sent: the words, or --params; their count checked against what the method takes. */
export function rpcParams(method: RpcMethod, given: readonly string[], params: readonly string[] | undefined): readonly string[] {
  if (params !== undefined && given.length > 0) throw new UsageError('give the parameters as words or with --params, not both');
  const sent = params ?? given.map(rpcWord);
  const takes = RPC_PARAMS[method];
  const least = takes.filter((p) => !p.endsWith('?')).length;
  if (sent.length < least || sent.length > takes.length) {
    const count = least === takes.length ? `${least}` : `${least} to ${takes.length}`;
    throw new UsageError(`${method} takes ${takes.length === 0 ? 'no' : count} parameter${takes.length === 1 ? '' : 's'}, not ${sent.length}: ${signature(method)}`);
  }
  return sent;
}

export default command({
  name: 'rpc',
  description: "call the explorer's JSON-RPC (eth_call, eth_getBalance, ...), result as sent",
  args: {
    method: { ...arg('<method>', 'a read method of the JSON-RPC (listed below); eth_sendRawTransaction is never sent', parseRpcMethod), complete: { values: RPC_METHODS } },
    values: words('[params...]', 'the parameters, in order: a word that is JSON (true, 12, {"to":"0x…"}, "0x1") goes as that value, any other (latest, 0xabc…) as a string'),
  },
  options: {
    params: option('<json>', 'the parameters as one JSON array instead of words', parseRpcParams),
    chains: chainsOption,
  },
  output: 'object',
  help:
    "A POST to the explorer's JSON-RPC (/api/eth-rpc; the PRO API's /{id}/json-rpc).\n" +
    'Piped, or with --json: the "result" as the server sent it. On a terminal: indented, and a\n' +
    "quantity's decimal value on a second line. A JSON-RPC error is one line, exit 1 (a revert\n" +
    'shows its data). The methods and their parameters:\n' +
    RPC_METHODS.map((m) => `  ${signature(m)}`).join('\n'),
  examples: [
    'scout rpc eth_blockNumber',
    'scout rpc eth_getBalance 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 latest',
    'scout rpc eth_call \'{"to":"0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48","data":"0x313ce567"}\' latest',
    'scout rpc eth_chainId --chains 1,8453,10',
  ],
  check: ({ method, values, params }) => void rpcParams(method, values, params),
  run: async (inv, { method, values, params }) => (await import('./rpc.run.js')).run(inv, method, rpcParams(method, values, params)),
  perChain: async ({ method, values, params }) => (await import('./rpc.run.js')).onChain(method, rpcParams(method, values, params)),
});

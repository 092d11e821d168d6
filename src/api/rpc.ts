/**
 * The explorer's JSON-RPC: JSON-RPC 2.0 over POST, at `{explorer}/api/eth-rpc`, or on the hosted PRO
 * API at `{root}/{chain id}/json-rpc` (ExplorerClient.rpcEndpoint says where, with the key as the
 * REST API takes it). The only module that sends POST (post.ts): every method it sends is a read
 * (endpoints.ts, RPC_METHODS), so the HTTP layer retries it as a GET, through the same rate slots,
 * deadline, body cap, redaction and --verbose trail (`POST <url> <method>`); --cache never keeps it.
 *
 * The answer's `result` comes back as the JSON text the server sent, never through JSON.parse (a
 * quantity or a number past 2^53 stays exact). An `error` member becomes a one-line error, exit 1:
 *
 *     3, or -32000 with hex data    RpcRevertError   "eth_call reverted …", `data` the ABI-encoded revert
 *     -32000 "execution reverted"   RpcRevertError   (no data: `data` is "0x")
 *     -32601                        RpcError         "this explorer's JSON-RPC does not answer <method>"
 *     -32602                        RpcError         "… refused the parameters of <method>: <its words>"
 *     any other                     RpcError         "<method> failed on <origin>: <its words> (JSON-RPC error <code>)"
 *
 * A body that is not JSON is retried like any unusable answer; JSON that is no JSON-RPC answer to
 * this request (no `result` nor `error`, another `id`) is not.
 */
import { ResponseEnvelopeError, ResponseShapeError, RpcError, RpcRevertError, UsageError } from '../base/errors.js';
import { assertJson, objectMembers, RawJsonError } from '../base/json/lossless.js';
import { clip, describeBody } from './body.js';
import { RPC_METHODS, type RpcMethod } from './endpoints.js';
import type { ExplorerClient, RpcEndpoint } from './client.js';
import type { HttpResponse } from './http.js';
import { postJsonRpc } from './post.js';

/** A parameter already written as JSON text, sent as it is: `123456789012345678901234567890` stays exact. */
export class RawParam {
  constructor(readonly json: string) {}
}

/** A quantity as JSON-RPC writes it: `0x` and lower-case hex digits, no leading zero (`0x0` for zero). */
export function hexQuantity(n: bigint | number): string {
  return '0x' + BigInt(n).toString(16);
}

/** A parameter's JSON text: a RawParam as given, a bigint anywhere as a hex quantity, the rest as JSON.stringify writes it. */
function paramText(p: unknown): string {
  if (p instanceof RawParam) return p.json;
  return JSON.stringify(p, (_k, v: unknown) => (typeof v === 'bigint' ? hexQuantity(v) : v)) ?? 'null';
}

type Answer = { result: string } | { error: { code: number; message: string; rawData: string | undefined } };

function envelope(origin: string, detail: string): ResponseEnvelopeError {
  return new ResponseEnvelopeError(`unusable JSON-RPC answer from ${origin}: ${detail}`);
}

/** The `error` member: its code, its message and its `data` as sent. */
function errorObject(raw: string, origin: string): { code: number; message: string; rawData: string | undefined } {
  const members = raw.trimStart().startsWith('{') ? objectMembers(raw) : undefined;
  const code = members?.get('code');
  if (!members || code === undefined || !/^-?\d+$/.test(code)) throw envelope(origin, '"error" is no JSON-RPC error object');
  const message = members.get('message');
  let said = '';
  if (message !== undefined && message.startsWith('"')) said = JSON.parse(message) as string;
  return { code: Number(code), message: said, rawData: members.get('data') };
}

/**
 * The answer to request `id` in a 2xx body: its `result` as sent, or its `error`. ResponseShapeError
 * (retried) for a body that is not JSON; ResponseEnvelopeError for JSON that is not this answer.
 */
export function readAnswer(res: Pick<HttpResponse, 'body' | 'headers' | 'bytes'>, id: number, origin: string): Answer {
  const text = res.body.trim();
  try {
    assertJson(text);
  } catch {
    const type = res.headers['content-type'];
    throw new ResponseShapeError(`unusable JSON-RPC answer from ${origin}: not JSON (${describeBody(Array.isArray(type) ? type[0] : type, res.bytes)})`);
  }
  if (!text.startsWith('{')) throw envelope(origin, 'expected one JSON-RPC object');
  let members: Map<string, string>;
  try {
    members = objectMembers(text);
  } catch (e) {
    if (e instanceof RawJsonError) throw envelope(origin, 'expected one JSON-RPC object');
    throw e;
  }
  const sentId = members.get('id');
  // A server may echo the id as a string; another request's answer is no answer to this one.
  if (sentId !== undefined && sentId !== 'null' && sentId !== String(id) && sentId !== `"${id}"`) throw envelope(origin, `it answers another request (id ${clip(sentId)}, not ${id})`);
  const result = members.get('result');
  const error = members.get('error');
  if (error !== undefined && error !== 'null') return { error: errorObject(error, origin) };
  if (result !== undefined) return { result };
  throw envelope(origin, 'neither "result" nor "error"');
}

const HEX = /^0x[0-9a-fA-F]*$/;

/** The error for a JSON-RPC error object, per the table in the header. */
export function rpcError(method: string, origin: string, e: { code: number; message: string; rawData: string | undefined }): RpcError {
  const said = clip(e.message) || 'no message';
  const data = e.rawData !== undefined && e.rawData.startsWith('"') ? (JSON.parse(e.rawData) as unknown) : undefined;
  const hex = typeof data === 'string' && HEX.test(data) ? data.toLowerCase() : undefined;
  const reverted = e.code === 3 || (e.code === -32000 && (hex !== undefined || /execution reverted/i.test(e.message)));
  if (reverted) {
    const revert = hex ?? '0x';
    const shown = revert === '0x' ? 'no revert data' : `revert data ${revert.length > 522 ? revert.slice(0, 521) + '…' : revert}`;
    return new RpcRevertError(`${method} reverted on ${origin}: ${said} (${shown})`, { ...e, data: revert });
  }
  if (e.code === -32601) return new RpcError(`this explorer's JSON-RPC does not answer ${method} (${origin}: ${said})`, e);
  if (e.code === -32602) return new RpcError(`${origin} refused the parameters of ${method}: ${said}`, e, { hint: `see what ${method} takes: scout rpc --help` });
  return new RpcError(`${method} failed on ${origin}: ${said} (JSON-RPC error ${e.code})`, e);
}

/** The JSON-RPC of one explorer, through the session's one HTTP layer: `new RpcClient(s.explorer())`. */
export class RpcClient {
  private nextId = 1;
  readonly endpoint: RpcEndpoint;

  constructor(explorer: Pick<ExplorerClient, 'rpcEndpoint'>) {
    this.endpoint = explorer.rpcEndpoint();
  }

  /**
   * Calls `method` with `params` and resolves with its `result`, the JSON text as sent (`"0x1b4"`,
   * an object, `null`); throws RpcError (RpcRevertError for a revert) for an `error`, or the HTTP
   * layer's error. Only the read methods of RPC_METHODS are sent; anything else is a UsageError.
   */
  async call(method: RpcMethod, params: readonly unknown[] = []): Promise<string> {
    if (!(RPC_METHODS as readonly string[]).includes(method)) throw new UsageError(`scout does not send ${clip(method)} to an explorer's JSON-RPC`);
    const id = this.nextId++;
    const { http, url, headers, ctx } = this.endpoint;
    const body = `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(method)},"params":[${params.map(paramText).join(',')}]}`;
    const answer = await http[postJsonRpc](url, { ...headers }, ctx, body, method, (res) => readAnswer(res, id, url.origin));
    if ('error' in answer) throw rpcError(method, url.origin, answer.error);
    return answer.result;
  }

  /** Like call, for a method whose result is one hex quantity: its value, exact. */
  async quantity(method: RpcMethod, params: readonly unknown[] = []): Promise<bigint> {
    return quantityOf(await this.call(method, params), method, this.endpoint.url.origin);
  }
}

/** The value of a result that must be one hex quantity (`"0x1b4"`); ResponseEnvelopeError for anything else. */
export function quantityOf(result: string, method: string, origin: string): bigint {
  const m = /^"(0x[0-9a-fA-F]{1,64})"$/.exec(result.trim());
  if (!m) throw envelope(origin, `${method} answered ${clip(result.length > 80 ? result.slice(0, 79) + '…' : result)}, not a hex quantity`);
  return BigInt(m[1]!);
}

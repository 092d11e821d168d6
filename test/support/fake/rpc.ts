/**
 * The fake explorer's JSON-RPC, `POST /api/eth-rpc` (../server.ts sends it the body): JSON-RPC 2.0 as
 * Blockscout answers it, HTTP 200 with `{"jsonrpc":"2.0","id",…}` and `result` or `error`. The
 * methods of the real list (the shared notes on the API, Third round), over the fake's data where
 * they map:
 *
 *   eth_blockNumber          HEAD_BLOCK
 *   eth_chainId              0x1
 *   eth_gasPrice             GAS_PRICE · eth_maxPriorityFeePerGas PRIORITY_FEE
 *   eth_getBalance           [address, block?]: the coin balance history's value at the block (the
 *                            rich address, BALANCE.small), else the overview's coin_balance; 0 at `earliest`
 *   eth_getTransactionCount  [address, block?]: RICH_NONCE for ADDR.rich, else 0
 *   eth_getCode              [address, block?]: the contract body's deployed_bytecode, code for the
 *                            EVM table's contracts and proxies, "0x" for anything else
 *   eth_getStorageAt         [address, slot, block?]: a proxy's EIP-1967 slot holds its implementation; else zero
 *   eth_call                 [{to, data|input, from?, value?}, block?]: the EVM table (evm.ts)
 *   eth_estimateGas          [{…}, block?]: the call run as eth_call; 21000 to an address without code, else ESTIMATE
 *   eth_getLogs              [filter]: [] (the filter is checked to be an object)
 *   eth_getBlockByNumber     [block, full]: the fake's block at that height, in JSON-RPC's shape (no
 *                            transactions listed); null past the head
 *   eth_getBlockByHash       [hash, full]: likewise by hash
 *   eth_getTransactionByHash, eth_getTransactionReceipt  [hash]: the fake's transaction, or null
 *
 * Errors as the real server words them: -32700 parse error, -32600 invalid request, -32601 method not
 * found (eth_sendRawTransaction included: the fake takes no transaction), -32602 invalid params, and a
 * revert as geth sends it: code 3 "execution reverted[: reason]" with the data, or -32000
 * "execution reverted" without data. A batch (an array of requests) is answered as an array.
 */
import { ADDR, HEAD_BLOCK, blockTime, getDataset, toJsonText, type Json, type JsonObject } from '../data.js';
import { addressDetails } from './address-data.js';
import { changesOf } from './balance-data.js';
import { findBlock } from './blocks-data.js';
import { EIP1967_SLOT, evmCall, hasCode, implementationOf, type Revert } from './evm.js';
import type { Reply } from './kit.js';
import { contractBody } from './tokens-data.js';

export const GAS_PRICE = 20_000_000_000n;
export const PRIORITY_FEE = 1_000_000_000n;
export const RICH_NONCE = 640;
/** What eth_estimateGas answers for a call to code that does not revert. */
export const ESTIMATE = 46_123n;

const hex = (n: bigint | number): string => `0x${BigInt(n).toString(16)}`;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;
const DATA = /^0x([0-9a-fA-F]{2})*$/;
const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/;

/** An error answer's `error` member. */
class RpcFault {
  constructor(
    readonly code: number,
    readonly message: string,
    readonly data?: string,
  ) {}
}

const invalid = (what: string) => new RpcFault(-32602, `Invalid params: ${what}`);

/** A block parameter: a tag or a hex number, as a height; past the head is no block. */
function blockOf(v: unknown, optional = true): number {
  if (v === undefined && optional) return HEAD_BLOCK;
  if (v === 'latest' || v === 'pending' || v === 'safe' || v === 'finalized') return HEAD_BLOCK;
  if (v === 'earliest') return 0;
  if (typeof v === 'string' && QUANTITY.test(v)) return Number(BigInt(v));
  throw invalid(`invalid block ${JSON.stringify(v) ?? 'undefined'}: expected a hex block number or latest, earliest, pending, safe, finalized`);
}

function addressOf(v: unknown): string {
  if (typeof v !== 'string' || !ADDRESS.test(v)) throw invalid(`invalid address ${JSON.stringify(v) ?? 'undefined'}`);
  return v;
}

function hashOf(v: unknown): string {
  if (typeof v !== 'string' || !HASH.test(v)) throw invalid(`invalid hash ${JSON.stringify(v) ?? 'undefined'}`);
  return v;
}

function count(params: unknown[], least: number, most: number): void {
  if (params.length < least || params.length > most) throw invalid(`expected ${least === most ? least : `${least} to ${most}`} params, got ${params.length}`);
}

/** The coin balance of `address` at `block`. */
function balanceAt(address: string, block: number): bigint {
  if (block === 0) return 0n;
  const changes = changesOf(address);
  if (changes.length > 0) {
    let value = 0n;
    for (const c of changes) if (c.block <= block) value = c.value;
    return value;
  }
  return BigInt(String(addressDetails(address)['coin_balance'] ?? '0'));
}

function codeOf(address: string): string {
  const body = contractBody(address);
  if (body && typeof body['deployed_bytecode'] === 'string') return body['deployed_bytecode'];
  return hasCode(address) ? '0x6080604052' : '0x';
}

/** `{to, data|input, from?, value?}` of eth_call and eth_estimateGas. */
function callOf(v: unknown): { to: string; data: string; from: string | undefined; value: bigint } {
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw invalid('expected a call object {"to","data"}');
  const o = v as Record<string, unknown>;
  const to = addressOf(o.to);
  const data = o.data ?? o.input ?? '0x';
  if (typeof data !== 'string' || !DATA.test(data)) throw invalid(`invalid data ${JSON.stringify(data)}`);
  const from = o.from === undefined ? undefined : addressOf(o.from);
  if (o.value !== undefined && (typeof o.value !== 'string' || !QUANTITY.test(o.value))) throw invalid(`invalid value ${JSON.stringify(o.value)}`);
  return { to, data, from, value: o.value === undefined ? 0n : BigInt(o.value as string) };
}

/** A revert as geth answers it. */
function reverted(r: Revert): RpcFault {
  if (r.data === '0x') return new RpcFault(-32000, 'execution reverted');
  return new RpcFault(3, r.reason === undefined ? 'execution reverted' : `execution reverted: ${r.reason}`, r.data);
}

function runCall(params: unknown[]): { ok: string; to: string } {
  count(params, 1, 2);
  const call = callOf(params[0]);
  const block = blockOf(params[1]);
  if (block > HEAD_BLOCK) throw new RpcFault(-32000, 'header not found');
  const out = evmCall(call.to, call.data, { from: call.from, value: call.value, block });
  if ('revert' in out) throw reverted(out.revert);
  return { ok: out.ok, to: call.to };
}

function blockJson(id: string): Json {
  const found = findBlock(id);
  if (!found || !('json' in found)) return null;
  const b = found.json;
  const height = Number(b['height']);
  return {
    number: hex(height),
    hash: b['hash'] ?? null,
    parentHash: b['parent_hash'] ?? null,
    timestamp: hex(Math.floor(Date.parse(blockTime(height)) / 1000)),
    miner: (b['miner'] as JsonObject | null)?.['hash'] ?? null,
    gasUsed: hex(BigInt(String(b['gas_used'] ?? '0'))),
    gasLimit: hex(BigInt(String(b['gas_limit'] ?? '0'))),
    baseFeePerGas: b['base_fee_per_gas'] == null ? null : hex(BigInt(String(b['base_fee_per_gas']))),
    transactions: [],
  };
}

function transactionJson(hash: string, receipt: boolean): Json {
  const t = getDataset().transactions.get(hash.toLowerCase())?.json;
  if (!t) return null;
  const block = t['block_number'] === null ? null : hex(Number(t['block_number']));
  const to = (t['to'] as JsonObject | null)?.['hash'] ?? null;
  const from = (t['from'] as JsonObject)['hash'] ?? null;
  if (receipt) {
    if (block === null) return null;
    const created = (t['created_contract'] as JsonObject | null)?.['hash'] ?? null;
    return { transactionHash: t['hash'] ?? null, blockNumber: block, from, to, contractAddress: created, gasUsed: hex(BigInt(String(t['gas_used'] ?? '0'))), status: t['status'] === 'ok' ? '0x1' : '0x0', logs: [], type: '0x2' };
  }
  return {
    hash: t['hash'] ?? null,
    blockNumber: block,
    from,
    to,
    nonce: hex(Number(t['nonce'])),
    value: hex(BigInt(String(t['value']))),
    gas: hex(BigInt(String(t['gas_limit']))),
    gasPrice: hex(BigInt(String(t['gas_price']))),
    input: t['raw_input'] ?? '0x',
    transactionIndex: t['position'] === null ? null : hex(Number(t['position'])),
    type: '0x2',
  };
}

/** The result of one method, or an RpcFault. */
function answer(method: string, params: unknown[]): Json {
  switch (method) {
    case 'eth_blockNumber':
      count(params, 0, 0);
      return hex(HEAD_BLOCK);
    case 'eth_chainId':
      count(params, 0, 0);
      return '0x1';
    case 'eth_gasPrice':
      count(params, 0, 0);
      return hex(GAS_PRICE);
    case 'eth_maxPriorityFeePerGas':
      count(params, 0, 0);
      return hex(PRIORITY_FEE);
    case 'eth_getBalance': {
      count(params, 1, 2);
      const address = addressOf(params[0]);
      const block = blockOf(params[1]);
      if (block > HEAD_BLOCK) throw new RpcFault(-32000, 'header not found');
      return hex(balanceAt(address, block));
    }
    case 'eth_getTransactionCount': {
      count(params, 1, 2);
      const address = addressOf(params[0]);
      blockOf(params[1]);
      return hex(address.toLowerCase() === ADDR.rich.toLowerCase() ? RICH_NONCE : 0);
    }
    case 'eth_getCode':
      count(params, 1, 2);
      blockOf(params[1]);
      return codeOf(addressOf(params[0]));
    case 'eth_getStorageAt': {
      count(params, 2, 3);
      const address = addressOf(params[0]);
      const slot = params[1];
      if (typeof slot !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(slot)) throw invalid(`invalid slot ${JSON.stringify(slot)}`);
      blockOf(params[2]);
      const impl = BigInt(slot) === BigInt(EIP1967_SLOT) ? implementationOf(address) : undefined;
      return `0x${(impl ? impl.slice(2).toLowerCase() : '').padStart(64, '0')}`;
    }
    case 'eth_call':
      return runCall(params).ok;
    case 'eth_estimateGas': {
      const { to } = runCall(params);
      return hex(hasCode(to) ? ESTIMATE : 21_000n);
    }
    case 'eth_getLogs':
      count(params, 1, 1);
      if (!params[0] || typeof params[0] !== 'object' || Array.isArray(params[0])) throw invalid('expected a filter object');
      return [];
    case 'eth_getBlockByNumber': {
      count(params, 2, 2);
      const height = blockOf(params[0], false);
      if (typeof params[1] !== 'boolean') throw invalid('expected a boolean (full transactions)');
      return height > HEAD_BLOCK ? null : blockJson(String(height));
    }
    case 'eth_getBlockByHash':
      count(params, 2, 2);
      if (typeof params[1] !== 'boolean') throw invalid('expected a boolean (full transactions)');
      return blockJson(hashOf(params[0]));
    case 'eth_getTransactionByHash':
      count(params, 1, 1);
      return transactionJson(hashOf(params[0]), false);
    case 'eth_getTransactionReceipt':
      count(params, 1, 1);
      return transactionJson(hashOf(params[0]), true);
    default:
      throw new RpcFault(-32601, 'Method not found');
  }
}

/** One request object's answer (`id` echoed; null for one that has none). */
function one(req: unknown): JsonObject {
  const o = req && typeof req === 'object' && !Array.isArray(req) ? (req as Record<string, unknown>) : undefined;
  const id = (o && (typeof o.id === 'number' || typeof o.id === 'string') ? o.id : null) as Json;
  try {
    if (!o || o.jsonrpc !== '2.0' || typeof o.method !== 'string') throw new RpcFault(-32600, 'Invalid Request');
    const params = o.params === undefined ? [] : o.params;
    if (!Array.isArray(params)) throw invalid('params must be an array');
    return { jsonrpc: '2.0', id, result: answer(o.method, params) };
  } catch (e) {
    if (!(e instanceof RpcFault)) throw e;
    const error: JsonObject = { code: e.code, message: e.message };
    if (e.data !== undefined) error['data'] = e.data;
    return { jsonrpc: '2.0', id, error };
  }
}

/** The reply to a POST of `body` to /api/eth-rpc. */
export function rpcReply(body: string): Reply {
  let req: unknown;
  try {
    req = JSON.parse(body);
  } catch {
    return { status: 200, body: toJsonText({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }) };
  }
  const value: Json = Array.isArray(req) ? req.map(one) : one(req);
  return { status: 200, body: toJsonText(value) };
}

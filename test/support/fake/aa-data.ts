/**
 * Data of the account abstraction service behind the fake explorer (./aa.ts), in the shapes of
 * Blockscout's OpenAPI document (UserOperation, UserOperationInList, Account, Bundler, Paymaster,
 * Factory, Status) and of the service's proto: gas limits, block numbers and amounts as decimal
 * strings, the nonce as a 32-byte hash, addresses the explorer knows as its address objects and one
 * it does not (the paymaster) as the bare hash, errors as `{code, message, details}`.
 *
 * AA.account is a smart account with 60 operations (two pages): the newest three ride in TX.bundle
 * (with a fourth, from a scam-flagged sender, full of hostile text), the oldest created it through
 * AA.factory. AA_OP.batch calls executeBatch((address,uint256,bytes)[]) with no decoding from the
 * explorer (so the client decodes it); AA_OP.execute calls execute(address,uint256,bytes) with the
 * explorer's decoding of both the call and the inner call; AA_OP.failed calls
 * executeBatch(address[],uint256[],bytes[]) and reverted with `Error(string)`. 55 bundlers (two
 * pages), 3 paymasters, 2 factories.
 */
import * as AbiParameters from 'ox/AbiParameters';
import { AA_ADDR, ADDR, addressObject, blockTime, EVIL, HEAD_BLOCK, makeAddress, makeHash, TX, type Json, type JsonObject, type ListEntry } from '../data.js';
import { HOSTILE_SUMMARY } from './summary-data.js';

/** The addresses of ERC-4337 (data.ts registers them with the explorer). */
export const AA = AA_ADDR;

export const AA_OP = {
  /** executeBatch((address,uint256,bytes)[]): a USDC transfer and 1.5 of the coin; decoded here only. */
  batch: makeHash('aa:op:batch'),
  /** execute(address,uint256,bytes): an approve, with the explorer's decoding of both calls. */
  execute: makeHash('aa:op:execute'),
  /** executeBatch(address[],uint256[],bytes[]) that reverted: `Error(string)` "AA: too little received". */
  failed: makeHash('aa:op:failed'),
  /** From the scam-flagged address: hostile method, values, revert text and summary. */
  hostile: makeHash('aa:op:hostile'),
  /** The oldest operation of AA.account: it created the account through AA.factory. */
  creation: makeHash('aa:op:60'),
  /** Valid, unknown to the service: 404 `{"code":5,"message":"user operation not found","details":[]}`. */
  unknown: makeHash('aa:op:unknown'),
} as const;

/** What AA_OP.batch sends: 25 USDC (6 decimals), then 1.5 of the coin with no calldata. */
export const BATCH_CALLS = { usdc: '25000000', coin: '1500000000000000000' } as const;
export const REVERT_TEXT = 'AA: too little received';
/** A fee with more digits than a double keeps (wei). */
export const BATCH_FEE = '123456789012345678';

const hex = (v: string) => v as `0x${string}`;
const enc = (types: string, values: readonly unknown[]) => AbiParameters.encode(AbiParameters.from(types) as never, values as never);
const call = (selector: string, types: string, values: readonly unknown[]) => selector + enc(types, values).slice(2);

const transferData = call('0xa9059cbb', 'address, uint256', [ADDR.counterparty, BigInt(BATCH_CALLS.usdc)]);
const approveData = call('0x095ea7b3', 'address, uint256', [ADDR.contract, (1n << 256n) - 1n]);

const CALL_DATA = {
  batch: call('0x34fcd5be', '(address, uint256, bytes)[]', [[[ADDR.usdc, 0n, hex(transferData)], [ADDR.counterparty, BigInt(BATCH_CALLS.coin), '0x']]]),
  execute: call('0xb61d27f6', 'address, uint256, bytes', [ADDR.weth, 0n, hex(approveData)]),
  failed: call('0x47e1da2a', 'address[], uint256[], bytes[]', [[ADDR.usdc, ADDR.weth], [0n, 0n], [hex(transferData), hex(approveData)]]),
  plain: call('0xb61d27f6', 'address, uint256, bytes', [ADDR.usdc, 0n, hex(transferData)]),
};

const revertData = '0x08c379a0' + enc('string', [REVERT_TEXT]).slice(2);

interface OpSpec {
  hash: string;
  sender: string;
  block: number;
  tx: string;
  index: number;
  callData: string;
  status: boolean;
  fee: string;
  paymaster: string | null;
  factory: string | null;
  revert: string | null;
  decodedCall: Json;
  decodedExecute: Json;
  executeTarget: string | null;
  executeCallData: string | null;
}

function opSpec(p: Partial<OpSpec> & Pick<OpSpec, 'hash' | 'block' | 'tx'>): OpSpec {
  return {
    sender: AA.account,
    index: 0,
    callData: CALL_DATA.plain,
    status: true,
    fee: '84212000000000',
    paymaster: null,
    factory: null,
    revert: null,
    decodedCall: null,
    decodedExecute: null,
    executeTarget: null,
    executeCallData: null,
    ...p,
  };
}

/** An address field as the explorer sends it: the address object, or the bare hash when it does not know the address. */
const addressField = (hash: string | null): Json => (hash === null ? null : hash === AA.paymaster ? hash : addressObject(hash));

/** The full operation, members in the service's order. */
function opObject(o: OpSpec): JsonObject {
  return {
    hash: o.hash,
    sender: addressField(o.sender),
    nonce: '0x' + o.block.toString(16).padStart(64, '0'),
    call_data: o.callData,
    call_gas_limit: '115340',
    verification_gas_limit: '91254',
    pre_verification_gas: '48223',
    max_fee_per_gas: '1500000000',
    max_priority_fee_per_gas: '1000000',
    signature: '0x' + 'ab'.repeat(65),
    raw: {
      sender: o.sender,
      nonce: String(o.block),
      init_code: o.factory === null ? '0x' : o.factory.toLowerCase() + '5fbfb9cf',
      call_data: o.callData,
      account_gas_limits: '0x' + (91254).toString(16).padStart(32, '0') + (115340).toString(16).padStart(32, '0'),
      pre_verification_gas: '48223',
      gas_fees: '0x' + (1000000).toString(16).padStart(32, '0') + (1500000000).toString(16).padStart(32, '0'),
      paymaster_and_data: o.paymaster === null ? '0x' : o.paymaster.toLowerCase(),
      signature: '0x' + 'ab'.repeat(65),
    },
    aggregator: null,
    aggregator_signature: null,
    entry_point: addressField(AA.entryPoint),
    entry_point_version: 'v0.7',
    transaction_hash: o.tx,
    block_number: String(o.block),
    block_hash: makeHash(`block:${o.block}`),
    bundler: addressField(AA.bundler),
    bundle_index: 0,
    index: o.index,
    factory: addressField(o.factory),
    paymaster: addressField(o.paymaster),
    status: o.status,
    revert_reason: o.revert,
    gas: '254817',
    gas_price: '1000391547',
    gas_used: '84179',
    sponsor_type: o.paymaster === null ? 'wallet_deposit' : 'paymaster_sponsor',
    user_logs_start_index: o.index * 3,
    user_logs_count: o.status ? 2 : 0,
    fee: o.fee,
    consensus: true,
    timestamp: blockTime(o.block),
    execute_target: addressField(o.executeTarget),
    execute_call_data: o.executeCallData,
    decoded_call_data: o.decodedCall,
    decoded_execute_call_data: o.decodedExecute,
  };
}

/** The list item: `address` is the sender. */
function opListItem(o: OpSpec): JsonObject {
  return {
    hash: o.hash,
    address: addressField(o.sender),
    entry_point: addressField(AA.entryPoint),
    entry_point_version: 'v0.7',
    transaction_hash: o.tx,
    block_number: String(o.block),
    status: o.status,
    fee: o.fee,
    timestamp: blockTime(o.block),
  };
}

const decodedInput = (call: string, id: string, params: [string, string, Json][]): JsonObject => ({
  method_call: call,
  method_id: id,
  parameters: params.map(([name, type, value]) => ({ name, type, value })),
});

export interface OpRecord {
  spec: OpSpec;
  json: JsonObject;
  entry: ListEntry;
}

function buildOps(): OpRecord[] {
  const bundleBlock = HEAD_BLOCK - 40;
  const specs: OpSpec[] = [
    opSpec({ hash: AA_OP.batch, block: bundleBlock, tx: TX.bundle, index: 0, callData: CALL_DATA.batch, paymaster: AA.paymaster, fee: BATCH_FEE }),
    opSpec({
      hash: AA_OP.execute, block: bundleBlock, tx: TX.bundle, index: 1, callData: CALL_DATA.execute,
      executeTarget: ADDR.weth, executeCallData: approveData,
      decodedCall: decodedInput('execute(address dest, uint256 value, bytes func)', 'b61d27f6', [['dest', 'address', ADDR.weth], ['value', 'uint256', '0'], ['func', 'bytes', approveData]]),
      decodedExecute: decodedInput('approve(address spender, uint256 amount)', '095ea7b3', [['spender', 'address', ADDR.contract], ['amount', 'uint256', ((1n << 256n) - 1n).toString()]]),
    }),
    opSpec({ hash: AA_OP.failed, block: bundleBlock, tx: TX.bundle, index: 2, callData: CALL_DATA.failed, status: false, revert: revertData }),
    opSpec({
      hash: AA_OP.hostile, sender: ADDR.scam, block: bundleBlock, tx: TX.bundle, index: 3, callData: '0xdeadbeef', status: false,
      // Revert data that is text, as some servers send it: terminal escapes and a bidi override.
      revert: `0x${Buffer.from(`\u001b]0;pwned\u0007${EVIL.symbol}`).toString('hex')}`,
      decodedCall: decodedInput('claim\u001b[2J(string note)', 'deadbeef', [['note\u001b]8;;https://evil.invalid\u0007', 'string', `${EVIL.name} \u202egnp.exe`]]),
    }),
  ];
  // 57 older operations of the account, three blocks apart, each in a bundle of its own; the oldest created it.
  for (let i = 4; i <= 60; i++) {
    const block = bundleBlock - i * 3;
    specs.push(opSpec({ hash: makeHash(`aa:op:${i}`), block, tx: makeHash(`aa:tx:${i}`), ...(i === 60 ? { factory: AA.factory } : {}) }));
  }
  return specs.map((spec) => ({
    spec,
    json: opObject(spec),
    entry: { json: opListItem(spec), cursor: { page_size: 50, page_token: `${spec.block},${spec.hash}` }, from: spec.sender.toLowerCase() },
  }));
}

let cached: OpRecord[] | undefined;
/** Every user operation, newest first (the service's order: block, then place in the bundle). */
export function userOps(): OpRecord[] {
  cached ??= buildOps();
  return cached;
}

export function userOp(hash: string): OpRecord | undefined {
  return userOps().find((o) => o.spec.hash === hash.toLowerCase());
}

/** The account abstraction service's error body (gRPC status as JSON): 5 not found, 3 invalid argument. */
export const aaError = (code: number, message: string): string => JSON.stringify({ code, message, details: [] });

/** The smart account, as `/accounts/{h}` sends it; undefined for any other address (404). */
export function account(hash: string): JsonObject | undefined {
  if (hash.toLowerCase() !== AA.account.toLowerCase()) return undefined;
  const creation = userOp(AA_OP.creation)!.spec;
  return {
    address: addressObject(AA.account),
    factory: addressObject(AA.factory),
    creation_transaction_hash: creation.tx,
    creation_op_hash: creation.hash,
    creation_timestamp: blockTime(creation.block),
    total_ops: 60,
  };
}

/** A top list's entry: the page token is the count it is ordered by, then the address. */
const topEntry = (json: JsonObject, count: number, address: string): ListEntry => ({ json, cursor: { page_size: 50, page_token: `${count},${address}` } });

export const AA_TOP = {
  bundlers: (): ListEntry[] => [
    topEntry({ address: addressObject(AA.bundler), total_bundles: 4012, total_ops: 9120 }, 9120, AA.bundler),
    ...Array.from({ length: 54 }, (_, i) => {
      const a = makeAddress(`aa:bundler:${i}`);
      return topEntry({ address: addressObject(a), total_bundles: 900 - i * 10, total_ops: 5000 - i * 50 }, 5000 - i * 50, a);
    }),
  ],
  paymasters: (): ListEntry[] => [
    topEntry({ address: AA.paymaster, total_ops: 7311 }, 7311, AA.paymaster),
    topEntry({ address: addressObject(ADDR.contract), total_ops: 120 }, 120, ADDR.contract),
    topEntry({ address: addressObject(ADDR.scam), total_ops: 3 }, 3, ADDR.scam),
  ],
  factories: (): ListEntry[] => [
    topEntry({ address: addressObject(AA.factory), total_accounts: 1234567 }, 1234567, AA.factory),
    topEntry({ address: addressObject(ADDR.created), total_accounts: 12 }, 12, ADDR.created),
  ],
} as const;

/** The service's status: past operations indexed; v0.6 off, v0.7 live with its past logs still indexing from the node. */
export const AA_STATUS: JsonObject = {
  finished_past_indexing: true,
  v06: { enabled: false, live: false, past_db_logs_indexing_finished: false, past_rpc_logs_indexing_finished: false },
  v07: { enabled: true, live: true, past_db_logs_indexing_finished: true, past_rpc_logs_indexing_finished: false },
};

/** A user operation's summary: one for AA_OP.batch, hostile text for AA_OP.hostile, none where the interpretation service is off. */
export function opSummary(hash: string): { status: number; body: Json } {
  switch (hash.toLowerCase()) {
    case AA_OP.batch:
      return {
        status: 200,
        body: {
          data: {
            summaries: [
              {
                summary_template: '{action_type} {amount} {token} to {to_address}',
                summary_template_variables: {
                  action_type: { type: 'string', value: 'Transfer' },
                  amount: { type: 'currency', value: '25' },
                  token: { type: 'token', value: { address_hash: ADDR.usdc, decimals: '6', name: 'USD Coin', symbol: 'USDC', type: 'ERC-20' } },
                  to_address: { type: 'address', value: addressObject(ADDR.counterparty) },
                },
              },
            ],
          },
          success: true,
        },
      };
    case AA_OP.hostile:
      return { status: 200, body: HOSTILE_SUMMARY };
    case AA_OP.execute:
      return { status: 403, body: { message: 'Transaction Interpretation Service is disabled' } };
    default:
      return { status: 200, body: { data: { summaries: [] }, success: true } };
  }
}

/** Smart accounts (`/accounts`): the account of AA.account first, then 54 more of the same factory; `factory` filters. */
export function aaAccounts(): (ListEntry & { factory: string })[] {
  const first = account(AA.account)!;
  const more = Array.from({ length: 54 }, (_, i) => {
    const a = makeAddress(`aa:account:${i}`);
    return { address: addressObject(a), factory: addressObject(i % 9 === 0 ? ADDR.created : AA.factory), creation_transaction_hash: makeHash(`aa:acct-tx:${i}`), creation_op_hash: makeHash(`aa:acct-op:${i}`), creation_timestamp: blockTime(HEAD_BLOCK - 500 - i), total_ops: 50 - (i % 50) };
  });
  return [first, ...more].map((json, i) => {
    const f = (json.factory as JsonObject).hash as string;
    return { json, factory: f.toLowerCase(), cursor: { page_size: 50, page_token: `${i},${(json.address as JsonObject).hash as string}` } };
  });
}

/** Bundles (`/bundles`), newest first: each operation's bundle once; `bundler` filters. */
export function aaBundles(): (ListEntry & { bundler: string })[] {
  const seen = new Set<string>();
  const out: (ListEntry & { bundler: string })[] = [];
  for (const o of userOps()) {
    if (seen.has(o.spec.tx)) continue;
    seen.add(o.spec.tx);
    const ops = userOps().filter((x) => x.spec.tx === o.spec.tx).length;
    out.push({
      json: { transaction_hash: o.spec.tx, bundle_index: 0, bundler: addressObject(AA.bundler), block_number: o.spec.block, timestamp: blockTime(o.spec.block), total_ops: ops },
      bundler: AA.bundler.toLowerCase(),
      cursor: { page_size: 50, page_token: `${o.spec.block},${o.spec.tx},0` },
    });
  }
  return out;
}

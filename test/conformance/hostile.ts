/**
 * A hostile fixture set: response bodies for every endpoint whose chain-controlled text (token names
 * and symbols, ENS names, tags, method names, decoded parameters, revert reasons, actions, NFT
 * metadata, search names, admin network fields, trace errors) carries terminal attacks and
 * spreadsheet formulas. Shapes follow the real API (docs/api-behaviour.md); only the text is poisoned.
 */

/** Terminal attacks: each would do something if it reached a terminal raw. */
export const ATTACKS = {
  csi: 'Evil\u001b[31mRED\u001b[0m\u001b[2J\u001b[H',
  osc0: 'Evil\u001b]0;pwned title\u0007Token',
  osc8: '\u001b]8;;https://evil.example/claim\u001b\\Claim airdrop\u001b]8;;\u001b\\',
  osc52: 'Copy\u001b]52;c;ZWNobyBwd25lZA==\u0007me',
  csi8bit: 'Eight\u009b31mbit\u009b2J',
  osc8bit: 'Osc\u009d0;title\u009cEnd',
  bidi: 'USD\u202eTGI.exe',
  isolate: 'a\u2066b\u2069c\u2067d',
  zeroWidth: 'US\u200bD\u200dC\ufeff',
  c0: 'nul\u0000bs\u0008cr\rlf\nbel\u0007del\u007f',
  // Invisible: they hide text, or smuggle it (tag characters spell hidden ASCII).
  invisible: 'soft\u00adhy mon\u180egol anno\ufff9ta\ufffation\ufffb tag\u{e0041}\u{e0042}\u{e007f}s',
  // Blank letters and selectors that render as nothing (issue 20, item 11).
  hangul: 'Han\u115fgul\u1160 fil\u3164ler\uffa0s',
  variation: 'var\ufe00ia\ufe0ftion\u{e0100} sel\u{e01ef}ectors',
  deprecated: 'de\u206apre\u206bcat\u206ced\u206d fo\u206erm\u206fat',
  blank: 'cgj\u034f khmer\u17b4\u17b5 music\u{1d173}\u{1d17a} ops\u2061\u2062\u2063\u2064 fvs\u180b\u180f braille\u2800',
} as const;

/** Spreadsheet formula injections. */
export const FORMULAS = {
  eq: '=HYPERLINK("http://evil.example","click")',
  plus: "+1+cmd|' /C calc'!A0",
  minus: '-2+3+cmd|calc',
  at: '@SUM(1+1)*cmd|calc',
  tab: '\t=1+1',
} as const;

const all: string[] = [...Object.values(ATTACKS), ...Object.values(FORMULAS)];
/** The n-th hostile string, cycling through every attack and formula. */
const evil = (n: number): string => all[n % all.length]!;
const A = (n: number) => '0x' + (n + 1).toString(16).padStart(40, '0');
const H = (n: number) => '0x' + (n + 1).toString(16).padStart(64, '0');

/** An address object whose every name-ish field is hostile. */
function address(n: number): Record<string, unknown> {
  return {
    hash: A(n),
    name: evil(n),
    ens_domain_name: evil(n + 1),
    is_contract: true,
    is_verified: true,
    is_scam: false,
    implementations: [{ address_hash: A(n + 100), name: evil(n + 2) }],
    metadata: { tags: [{ name: evil(n + 3), slug: 'x', tagType: 'name', ordinal: 10, meta: { tooltipUrl: evil(n + 4) } }] },
    public_tags: [{ label: evil(n + 5), display_name: evil(n + 6) }],
  };
}

function token(n: number, type = 'ERC-20'): Record<string, unknown> {
  return {
    address_hash: A(200 + n),
    address: A(200 + n),
    name: evil(n),
    symbol: evil(n + 7),
    decimals: type === 'ERC-20' ? '18' : null,
    type,
    exchange_rate: type === 'ERC-20' ? '1.5' : null,
    holders_count: '3',
    total_supply: '115792089237316195423570985008687907853269984665640564039457584007913129639935',
  };
}

const instance = (n: number) => ({ id: String(n), metadata: { name: evil(n), description: evil(n + 1), attributes: [{ trait_type: evil(n + 2), value: evil(n + 3) }] } });

/** ABI-encoded Error(string) with a hostile message: the decoder must not let it through raw. */
function errorString(message: string): string {
  const data = Buffer.from(message, 'utf8').toString('hex');
  const len = Buffer.byteLength(message, 'utf8');
  return `0x08c379a0${(32).toString(16).padStart(64, '0')}${len.toString(16).padStart(64, '0')}${data.padEnd(Math.ceil(data.length / 64) * 64, '0')}`;
}

const range = (k: number) => Array.from({ length: k }, (_, i) => i);
const N = all.length;

function transaction(n: number, full: boolean): Record<string, unknown> {
  return {
    hash: H(n),
    block_number: 100 + n,
    timestamp: '2025-08-11T09:32:59.000000Z',
    status: n % 3 === 0 ? 'error' : 'ok',
    result: n % 3 === 0 ? evil(n) : 'success',
    method: evil(n + 1),
    from: address(n),
    to: n % 4 === 0 ? null : address(n + 1),
    created_contract: n % 4 === 0 ? address(n + 2) : null,
    value: '1500000000000000000',
    fee: { type: 'actual', value: '21000000000000' },
    gas_used: '21000',
    gas_limit: '30000',
    gas_price: '1000000000',
    confirmations: 3,
    nonce: n,
    type: 2,
    revert_reason: n % 3 === 0 ? (n % 2 ? { raw: errorString(evil(n + 2)) } : { method_call: `${evil(n + 3)}(string why)`, parameters: [{ name: evil(n + 4), type: 'string', value: evil(n + 5) }] }) : null,
    decoded_input: { method_call: `${evil(n + 6)}(string a)`, method_id: 'deadbeef', parameters: [{ name: evil(n + 7), type: 'string', value: evil(n + 8) }, { name: 'list', type: 'string[]', value: [evil(n + 9), evil(n + 10)] }] },
    transaction_types: [evil(n + 11)],
    actions: [{ protocol: evil(n), type: evil(n + 1), data: { symbol: evil(n + 2), amount: '1' } }],
    token_transfers: full ? range(3).map((k) => transfer(n + k)) : null,
    token_transfers_overflow: full ? true : null,
    exchange_rate: '4000',
  };
}

function transfer(n: number): Record<string, unknown> {
  const nft = n % 3 === 1;
  return {
    transaction_hash: H(n),
    log_index: n,
    block_number: 100 + n,
    timestamp: '2025-08-11T09:32:59.000000Z',
    type: n % 5 === 0 ? 'token_minting' : 'token_transfer',
    method: evil(n),
    from: address(n),
    to: address(n + 1),
    token: token(n, nft ? 'ERC-721' : 'ERC-20'),
    token_type: nft ? 'ERC-721' : 'ERC-20',
    total: nft ? { token_id: String(n), token_instance: instance(n) } : { value: '1234500000000000000', decimals: '18' },
  };
}

function block(n: number): Record<string, unknown> {
  return {
    height: 100 + n,
    hash: H(n),
    parent_hash: H(n + 1),
    timestamp: '2025-08-11T09:32:59.000000Z',
    type: n % 2 ? 'block' : evil(n),
    miner: address(n),
    transactions_count: 3,
    internal_transactions_count: 1,
    withdrawals_count: 0,
    gas_used: '21000',
    gas_limit: '30000000',
    gas_used_percentage: 0.07,
    gas_target_percentage: -99.86,
    base_fee_per_gas: '1000000000',
    burnt_fees: '21000000000000',
    burnt_fees_percentage: 50,
    priority_fee: '0',
    transaction_fees: '42000000000000',
    size: 600,
    uncles_hashes: [{ hash: evil(n + 1) }],
    rewards: [{ type: evil(n + 2), reward: '2000000000000000000' }],
    is_pending_update: n % 3 === 0,
  };
}

/** An event log: decoded (hostile event and parameter names and values, a nested value) or raw topics and data. */
function log(n: number): Record<string, unknown> {
  return {
    transaction_hash: H(n),
    block_number: 100 + n,
    block_timestamp: '2025-08-11T09:32:59.000000Z',
    index: n,
    address: address(n),
    smart_contract: n % 2 === 0 ? address(n) : null,
    topics: [H(n), H(n + 1), null, null],
    data: '0x' + '00'.repeat(31) + '01',
    decoded:
      n % 2 === 0
        ? {
            method_call: `${evil(n)}(string ${evil(n + 1)})`,
            method_id: evil(n + 2),
            parameters: [
              { name: evil(n + 1), type: 'string', indexed: false, value: evil(n + 3) },
              { name: evil(n + 4), type: 'string[]', indexed: true, value: [evil(n + 5), { x: evil(n + 6) }] },
            ],
          }
        : null,
  };
}

/** A state change: coin, ERC-20, ERC-721 (a list of moves, one with a hostile direction) and ERC-1155. */
function stateChange(n: number): Record<string, unknown> {
  const kind = n % 4;
  const t = kind === 0 ? null : token(n, kind === 1 ? 'ERC-20' : kind === 2 ? 'ERC-721' : 'ERC-1155');
  return {
    address: address(n),
    type: kind === 0 ? 'coin' : 'token',
    is_miner: n === 0,
    balance_before: '2500000000000000000',
    balance_after: kind === 2 ? '1' : '1000000000000000000',
    change:
      kind === 2
        ? [{ direction: 'to', total: { token_id: String(n) } }, { direction: evil(n), total: { token_id: evil(n + 1) } }]
        : '-1500000000000000000',
    token: t,
    token_id: kind === 3 ? String(n) : null,
  };
}

/** A beacon deposit whose every text field is hostile (the amount stays an integer: the units are exact). */
function deposit(n: number): Record<string, unknown> {
  return {
    amount: '32000000000000000000',
    block_hash: H(n),
    block_number: 103,
    block_timestamp: '2025-08-11T09:32:59.000000Z',
    from_address: address(n),
    index: n,
    pubkey: evil(n),
    signature: evil(n + 1),
    status: evil(n + 2),
    transaction_hash: H(n),
    withdrawal_address: n % 2 === 0 ? address(n + 3) : null,
    withdrawal_credentials: evil(n + 4),
  };
}

/** Bodies by endpoint, as the server would send them. */
export const HOSTILE_BODIES = {
  blobs: { items: range(4).map((n) => ({ blob_data: n % 2 === 0 ? '0x00ff' : evil(n), hash: evil(n + 1), kzg_commitment: evil(n + 2), kzg_proof: evil(n + 3) })) },
  deposits: { items: range(N).map(deposit), next_page_params: null },
  transactions: { items: range(N).map((n) => transaction(n, false)), next_page_params: null },
  transaction: transaction(3, true),
  tokenTransfers: { items: range(N).map(transfer), next_page_params: null },
  tokenBalances: {
    items: range(N).map((n) => ({ token: token(n, n % 4 === 1 ? 'ERC-1155' : 'ERC-20'), token_id: n % 4 === 1 ? String(n) : null, token_instance: n % 4 === 1 ? instance(n) : null, value: '2500000000000000000' })),
    next_page_params: null,
  },
  nftCollections: { items: range(4).map((n) => ({ amount: '2', token: token(n, 'ERC-721'), token_instances: [instance(n), instance(n + 1)] })), next_page_params: null },
  internalTransactions: {
    items: range(N).map((n) => ({ transaction_hash: H(n), block_number: 1, index: n, timestamp: '2025-08-11T09:32:59.000000Z', type: 'call', from: address(n), to: address(n + 1), created_contract: null, value: '1', gas_limit: '1', success: n % 2 === 0, error: n % 2 === 0 ? null : evil(n) })),
    next_page_params: null,
  },
  logs: { items: range(N).map(log), next_page_params: null },
  stateChanges: { items: range(N).map(stateChange), next_page_params: null },
  withdrawals: { items: range(4).map((n) => ({ index: n, validator_index: n, block_number: 1, amount: '16000000000000000', timestamp: '2025-08-11T09:32:59.000000Z', receiver: address(n) })), next_page_params: null },
  search: {
    items: [
      ...range(N).map((n) => ({ type: 'token', name: evil(n), symbol: evil(n + 1), address_hash: A(n), token_type: 'ERC-20', exchange_rate: evil(n + 2) })),
      { type: 'address', name: evil(1), address_hash: A(1), ens_info: { name: evil(2), address_hash: A(1), names_count: 2 } },
      { type: 'label', name: evil(3), address_hash: A(2) },
      { type: 'ens_domain', name: null, address_hash: A(3), ens_info: { name: evil(4), expiry_date: evil(5), names_count: 1 } },
      { type: 'metadata_tag', name: evil(6), address_hash: A(4), metadata: { name: evil(7), tagType: evil(8) } },
      { type: 'block', block_number: 1, block_hash: H(1), timestamp: evil(9), block_type: evil(10) },
      { type: evil(11), name: evil(12), hash: evil(13) },
    ],
    next_page_params: null,
  },
  blocks: { items: range(N).map(block), next_page_params: null },
  block: block(3),
  stats: {
    coin_price: evil(0),
    coin_price_change_percentage: 1.5,
    market_cap: evil(1),
    tvl: null,
    gas_prices: { slow: { price: 0.45, time: 20100.25, fiat_price: evil(2) }, average: evil(3), fast: 0.61 },
    gas_price_updated_at: evil(4),
    average_block_time: 12000,
    total_blocks: evil(5),
    total_transactions: '5',
    transactions_today: evil(6),
    total_addresses: '7',
    gas_used_today: evil(7),
    network_utilization_percentage: 45.1,
  },
  networks: { items: range(4).map((n) => ({ chain_id: evil(n), name: evil(n + 1), domain: evil(n + 2), active: true, rpc_url: evil(n + 3), blockscout_api_key: 'bs_secret_' + n, block_timestamp_skew: 0 })) },
  tokenHolders: { items: range(N).map((n) => ({ address: address(n), token_id: n % 4 === 1 ? String(n) : null, value: String(10n ** 20n + BigInt(n)) })), next_page_params: null },
  tokenInstances: {
    items: range(N).map((n) => ({ ...instance(n), owner: n % 3 === 0 ? null : address(n), image_url: evil(n + 4), token_type: 'ERC-721', token: token(n, 'ERC-721') })),
    next_page_params: null,
  },
  /** `/tokens/{h}` with its bridge fields, and its counters. */
  token: { ...token(1), circulating_market_cap: evil(2), volume_24h: '12.5', icon_url: evil(3), reputation: 'scam', bridge_type: evil(4), foreign_address: evil(5), origin_chain_id: evil(6) },
  tokenCounters: { token_holders_count: evil(7), transfers_count: '12' },
  tokenInstance: { ...instance(2), owner: address(3), image_url: evil(5), animation_url: evil(6), external_app_url: evil(7), token: token(2, 'ERC-721'), metadata: { name: evil(8), description: `${evil(9)}\n${evil(10)}`, error: evil(11), attributes: [{ trait_type: evil(12), value: { nested: evil(13) } }, evil(14)] } },
  contract: {
    is_verified: false,
    verified_twin_address_hash: evil(1),
    name: evil(2),
    language: evil(3),
    compiler_version: evil(4),
    optimization_enabled: true,
    optimization_runs: 200,
    evm_version: evil(5),
    license_type: evil(6),
    verified_at: evil(7),
    proxy_type: evil(8),
    implementations: [{ address_hash: A(300), name: evil(9) }, { address: evil(10), name: evil(11) }],
    file_path: evil(12),
    source_code: `contract X {\n${evil(13)}\n}`,
    additional_sources: [{ file_path: evil(14), source_code: evil(15) }],
    abi: [{ type: 'function', name: evil(16) }],
    external_libraries: [{ name: evil(17), address_hash: A(301) }],
    sourcify_repo_url: evil(18),
    is_self_destructed: true,
  },
  traceGeth: {
    type: 'CALL',
    from: A(1),
    to: A(2),
    value: '0x0',
    gasUsed: '0x5208',
    input: '0xdeadbeef',
    calls: range(N).map((n) => ({ type: n % 2 ? 'STATICCALL' : evil(n), from: A(2), to: A(3 + n), gasUsed: '0x1', input: '0x12345678', error: evil(n + 1), revertReason: evil(n + 2) })),
  },
  traceParity: [
    { type: 'call', traceAddress: [], action: { callType: 'call', from: A(1), to: A(2), value: '0x0', input: '0x' }, result: { gasUsed: '0x1' } },
    ...range(N).map((n) => ({ type: 'call', traceAddress: [n], action: { callType: evil(n), from: A(2), to: A(3), value: '0x0', input: '0x' }, error: evil(n + 1) })),
  ],
  /** `/summary`: hostile templates and a variable of every type with hostile values. */
  summary: {
    data: {
      summaries: range(N).map((n) => ({
        summary_template: `${evil(n)} {a} {b} {c} {d} {e} {f} {g} {h} {i} {j} {${evil(n + 1)}} {unsent}`,
        summary_template_variables: {
          a: { type: 'address', value: address(n) },
          b: { type: 'token', value: token(n) },
          c: { type: 'currency', value: evil(n + 2) },
          d: { type: 'timestamp', value: evil(n + 3) },
          e: { type: 'string', value: evil(n + 4) },
          f: { type: 'method', value: evil(n + 5) },
          g: { type: 'domain', value: evil(n + 6) },
          h: { type: 'dexTag', value: { name: evil(n + 7), url: evil(n + 8) } },
          i: { type: 'external_link', value: { name: evil(n + 9), link: evil(n + 10) } },
          j: { type: evil(n + 11), value: { name: evil(n + 12), nested: [evil(n + 13)] } },
          [evil(n + 1)]: { type: 'string', value: evil(n + 14) },
        },
      })),
    },
    success: true,
  },
  /** The account abstraction service's lists: addresses as objects, and as the bare (hostile) text an unknown one comes as. */
  userOps: {
    items: range(N).map((n) => ({ hash: H(n), address: n % 3 === 2 ? evil(n) : address(n), entry_point: address(n + 1), entry_point_version: evil(n + 2), transaction_hash: H(n + 1), block_number: String(100 + n), status: n % 2 === 0, fee: '84212000000000', timestamp: '2025-08-11T09:32:59.000000Z' })),
    next_page_params: null,
  },
  aaBundlers: { items: range(N).map((n) => ({ address: n % 3 === 2 ? evil(n) : address(n), total_bundles: n, total_ops: 10 * n })), next_page_params: null },
  /** One user operation: hostile decodings of the call and the inner call, revert text, sponsor. */
  userOp: {
    hash: H(7),
    sender: address(1),
    nonce: H(8),
    call_data: '0xdeadbeef',
    call_gas_limit: '1',
    verification_gas_limit: '2',
    pre_verification_gas: '3',
    max_fee_per_gas: '4',
    max_priority_fee_per_gas: '5',
    signature: '0x',
    entry_point: address(2),
    entry_point_version: evil(3),
    transaction_hash: H(9),
    block_number: '100',
    bundler: address(4),
    bundle_index: 0,
    index: 1,
    factory: evil(5),
    paymaster: address(6),
    status: false,
    revert_reason: evil(7),
    gas: '10',
    gas_price: evil(8),
    gas_used: '9',
    sponsor_type: evil(9),
    user_logs_count: evil(10),
    fee: '90',
    consensus: true,
    timestamp: '2025-08-11T09:32:59.000000Z',
    execute_target: address(11),
    execute_call_data: evil(12),
    decoded_call_data: { method_call: `${evil(13)}(string a)`, method_id: 'deadbeef', parameters: [{ name: evil(14), type: 'string', value: evil(15) }] },
    decoded_execute_call_data: { method_call: `${evil(16)}(string b)`, method_id: 'b61d27f6', parameters: [] },
  },
};

/**
 * `body` with every string in it, at any depth, replaced by an attack (cycling through them all):
 * hashes, times, amounts, types and input data too, which the views read as hostile text as well.
 */
export function everyStringHostile<T>(body: T, start = 0): T {
  let n = start;
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return evil(n++);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(body) as T;
}

/**
 * The contracts the fake explorer's JSON-RPC `eth_call` evaluates (rpc.ts): a small table instead of an
 * EVM, with real ABI encodings (ox) both ways, so a client decodes what a node would send. The ABIs
 * the fake's `/api/v2/smart-contracts/{h}` serves for these contracts are made from the same
 * signatures (`abiOf`; the implementation's is its recorded RawJson, checked to agree in
 * test/support/fake-rpc.test.ts). Every answer, for tests to expect:
 *
 * ADDR.usdc, ERC-20 "FiatTokenV2":
 *   name() → "USD Coin" · symbol() → "USDC" · decimals() → 6 · totalSupply() → USDC_SUPPLY
 *   balanceOf(address) → ADDR.rich: USDC_BALANCE.rich (2,500.000123 USDC, as its token balances say)
 *     at blocks from USDC_BALANCE.since on, USDC_BALANCE.richBefore before; vitalik.eth
 *     (ACTIVITY.wallet): USDC_BALANCE.vitalik; anyone else 0
 *   allowance(address owner, address spender) → ADDR.rich to ADDR.contract: 2^256-1; else 0
 *   transfer(address to, uint256 value) → true when `from` holds the value, else reverts
 *     Error("ERC20: transfer amount exceeds balance")
 *   (events Transfer, Approval)
 *
 * EVM.pair, "ScoutPair" (verified; no proxy):
 *   balanceOf(address owner) → ADDR.rich: 1000; else 0
 *   balanceOf(address owner, uint256 id) → ADDR.rich: id*10+1; else 0     (an overload)
 *   getReserves() → (uint112 reserve0 = PAIR.reserve0 (2^112-1), uint112 reserve1 = PAIR.reserve1,
 *     uint32 blockTimestampLast = PAIR.timestamp)
 *   getOwners() → address[] [ADDR.rich, ADDR.counterparty, ADDR.contract]
 *   getPositions(address owner) → Position[] (tuple (address token, uint256 amount)[]): ADDR.rich:
 *     [(ADDR.usdc, 2500000123), (ADDR.weth, 10^18+1)]; else []
 *   sumPositions(Position[] positions) → uint256: the sum of the amounts (a tuple array input)
 *   withdraw(uint256 amount) → true up to 1000; above, reverts
 *     InsufficientBalance(uint256 available = 1000, uint256 required = amount)
 *   sync() → reverts Error("ScoutPair: LOCKED")
 *   overflow() → reverts Panic(0x11) (arithmetic overflow)
 *   owner() → ADDR.counterparty
 *   description() → EVIL.name (a string with an OSC escape: hostile text)
 *   (error InsufficientBalance, event Sync)
 *
 * ADDR.contractImpl, "UniversalRouterV2": execute() → nothing · quote(uint256 amount) → amount*997/1000
 * ABI_ADDR.unverifiedImpl (nobody verified it: callable by signature only):
 *   getReserves() → (uint112, uint112, uint32), PAIR's three values, unnamed
 * ADDR.contract (EIP-1967 proxy of ADDR.contractImpl) and TOKEN_ADDR.multiProxy (its two
 *   implementations: ADDR.contractImpl, then ADDR.usdc): a call is answered by the first
 *   implementation that has the function, as a delegatecall would be.
 *
 * Any other selector, or calldata that does not decode, reverts with no data, as a contract compiled
 * by solc does. A call to an address without code succeeds with "0x".
 */
import { Abi, AbiError, AbiFunction, AbiItem } from 'ox';
import { ADDR, EVIL, HEAD_BLOCK, PAIR_ADDRESS, type JsonObject } from '../data.js';
import { ABI_ADDR } from './abi-data.js';
import { ACTIVITY } from './activity-data.js';
import { TOKEN_ADDR } from './tokens-data.js';

/** Addresses of the EVM table beyond data.ts's. */
export const EVM = {
  /** "ScoutPair": overloads, tuples, arrays, a custom error, Error(string) and Panic. */
  pair: PAIR_ADDRESS,
} as const;

/** USDC's total supply in base units: 56,000,000,000.123456 USDC. */
export const USDC_SUPPLY = 56_000_000_000_123_456n;

/** USDC balances `balanceOf` answers. */
export const USDC_BALANCE = {
  rich: 2_500_000_123n,
  /** ADDR.rich's balance at blocks before `since`. */
  richBefore: 1_500_000_000n,
  since: HEAD_BLOCK - 100,
  vitalik: 1_234_567_890_123n,
} as const;

export const PAIR = {
  reserve0: 2n ** 112n - 1n,
  reserve1: 123_456_789_012_345_678_901_234n,
  timestamp: 1_754_000_000,
  balance: 1000n,
} as const;

/** What a call sees besides its arguments. */
export interface CallContext {
  readonly from: string | undefined;
  readonly value: bigint;
  readonly block: number;
}

/** A revert: its ABI-encoded data (`0x` for none) and, for Error(string), the reason. */
export class Revert {
  constructor(
    readonly data: string,
    readonly reason?: string,
  ) {}
}

function revertWith(signature: string, args: readonly unknown[]): Revert {
  return new Revert(AbiError.encode(AbiError.from(signature as 'error E()') as AbiError.AbiError, args));
}

function reason(text: string): Revert {
  return new Revert(AbiError.encode(AbiError.from('error Error(string)'), [text]), text);
}

interface Fn {
  /** Human-readable signature (ox), with the struct definitions it uses. */
  readonly sig: string;
  /** The output (single output: the value; several: an array); throws a Revert. */
  run(args: readonly unknown[], call: CallContext): unknown;
}

interface Contract {
  readonly functions: readonly Fn[];
  /** Errors, events and structs of its ABI, beside the functions. */
  readonly more: readonly string[];
}

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

function usdcBalance(who: unknown, block: number): bigint {
  if (same(who, ADDR.rich)) return block >= USDC_BALANCE.since ? USDC_BALANCE.rich : USDC_BALANCE.richBefore;
  if (same(who, ACTIVITY.wallet)) return USDC_BALANCE.vitalik;
  return 0n;
}

const POSITION = 'struct Position { address token; uint256 amount; }';

const TABLE = new Map<string, Contract>([
  [
    ADDR.usdc.toLowerCase(),
    {
      functions: [
        { sig: 'function name() view returns (string)', run: () => 'USD Coin' },
        { sig: 'function symbol() view returns (string)', run: () => 'USDC' },
        { sig: 'function decimals() view returns (uint8)', run: () => 6 },
        { sig: 'function totalSupply() view returns (uint256)', run: () => USDC_SUPPLY },
        { sig: 'function balanceOf(address account) view returns (uint256)', run: ([who], c) => usdcBalance(who, c.block) },
        { sig: 'function allowance(address owner, address spender) view returns (uint256)', run: ([o, s]) => (same(o, ADDR.rich) && same(s, ADDR.contract) ? 2n ** 256n - 1n : 0n) },
        {
          sig: 'function transfer(address to, uint256 value) returns (bool)',
          run: ([, value], c) => {
            if ((value as bigint) > usdcBalance(c.from, c.block)) throw reason('ERC20: transfer amount exceeds balance');
            return true;
          },
        },
      ],
      more: ['event Transfer(address indexed from, address indexed to, uint256 value)', 'event Approval(address indexed owner, address indexed spender, uint256 value)'],
    },
  ],
  [
    EVM.pair.toLowerCase(),
    {
      functions: [
        { sig: 'function balanceOf(address owner) view returns (uint256)', run: ([who]) => (same(who, ADDR.rich) ? PAIR.balance : 0n) },
        { sig: 'function balanceOf(address owner, uint256 id) view returns (uint256)', run: ([who, id]) => (same(who, ADDR.rich) ? (id as bigint) * 10n + 1n : 0n) },
        { sig: 'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)', run: () => [PAIR.reserve0, PAIR.reserve1, PAIR.timestamp] },
        { sig: 'function getOwners() view returns (address[])', run: () => [ADDR.rich, ADDR.counterparty, ADDR.contract] },
        {
          sig: `${POSITION} function getPositions(address owner) view returns (Position[] positions)`,
          run: ([who]) =>
            same(who, ADDR.rich)
              ? [
                  { token: ADDR.usdc, amount: USDC_BALANCE.rich },
                  { token: ADDR.weth, amount: 10n ** 18n + 1n },
                ]
              : [],
        },
        { sig: `${POSITION} function sumPositions(Position[] positions) pure returns (uint256 total)`, run: ([ps]) => (ps as { amount: bigint }[]).reduce((t, p) => t + p.amount, 0n) },
        {
          sig: 'function withdraw(uint256 amount) returns (bool)',
          run: ([amount]) => {
            if ((amount as bigint) > PAIR.balance) throw revertWith('error InsufficientBalance(uint256 available, uint256 required)', [PAIR.balance, amount]);
            return true;
          },
        },
        {
          sig: 'function sync()',
          run: () => {
            throw reason('ScoutPair: LOCKED');
          },
        },
        {
          sig: 'function overflow() pure returns (uint256)',
          run: () => {
            throw revertWith('error Panic(uint256)', [0x11n]);
          },
        },
        { sig: 'function owner() view returns (address)', run: () => ADDR.counterparty },
        { sig: 'function description() view returns (string)', run: () => EVIL.name },
      ],
      more: ['error InsufficientBalance(uint256 available, uint256 required)', 'event Sync(uint112 reserve0, uint112 reserve1)'],
    },
  ],
  [
    ABI_ADDR.unverifiedImpl.toLowerCase(),
    { functions: [{ sig: 'function getReserves() view returns (uint112, uint112, uint32)', run: () => [PAIR.reserve0, PAIR.reserve1, PAIR.timestamp] }], more: [] },
  ],
  [
    ADDR.contractImpl.toLowerCase(),
    {
      functions: [
        { sig: 'function execute()', run: () => undefined },
        { sig: 'function quote(uint256 amount) view returns (uint256)', run: ([amount]) => ((amount as bigint) * 997n) / 1000n },
      ],
      more: [],
    },
  ],
]);

/** Proxies: their implementations, in order (the fake's smart-contract bodies say the same). Built when first asked: tokens-data.ts imports this module too. */
let proxyMap: Map<string, readonly string[]> | undefined;
function proxies(): Map<string, readonly string[]> {
  proxyMap ??= new Map([
    [ADDR.contract.toLowerCase(), [ADDR.contractImpl]],
    [TOKEN_ADDR.multiProxy.toLowerCase(), [ADDR.contractImpl, ADDR.usdc]],
  ]);
  return proxyMap;
}

/** The EIP-1967 implementation slot: `eth_getStorageAt` of a proxy there answers its implementation. */
export const EIP1967_SLOT = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc';

/** The implementation an EIP-1967 proxy's slot holds, if `address` is one. */
export function implementationOf(address: string): string | undefined {
  return proxies().get(address.toLowerCase())?.[0];
}

/** Whether the table has code at `address` (a contract or a proxy of the table). */
export function hasCode(address: string): boolean {
  return TABLE.has(address.toLowerCase()) || proxies().has(address.toLowerCase());
}

/** A signature as ox parses it: the struct definition it uses (if any) apart from the function. */
function parts(f: Fn): { struct: string | undefined; fn: string } {
  const i = f.sig.indexOf('}');
  return f.sig.startsWith('struct') ? { struct: f.sig.slice(0, i + 1), fn: f.sig.slice(i + 1).trim() } : { struct: undefined, fn: f.sig };
}

function parsed(f: Fn): AbiFunction.AbiFunction {
  const { struct, fn } = parts(f);
  return (struct ? AbiFunction.from([struct, fn] as readonly string[]) : AbiFunction.from(fn as 'function f()')) as AbiFunction.AbiFunction;
}

/** The JSON ABI of a contract of the table (functions, then its errors and events), as its smart-contract body serves it. */
export function abiOf(address: string): JsonObject[] {
  const c = TABLE.get(address.toLowerCase());
  if (!c) throw new Error(`fake data: ${address} is not in the EVM table`);
  const split = c.functions.map(parts);
  const structs = new Set(split.flatMap((p) => (p.struct ? [p.struct] : [])));
  return Abi.from([...structs, ...split.map((p) => p.fn), ...c.more]) as unknown as JsonObject[];
}

/** The function signatures (`name(types)`) of a contract of the table, for checking a served ABI against it. */
export function signaturesOf(address: string): string[] {
  return (TABLE.get(address.toLowerCase())?.functions ?? []).map((f) => AbiItem.getSignature(parsed(f)));
}

/** What `eth_call` answers: the output data, or a revert. */
export type CallOutcome = { readonly ok: string } | { readonly revert: Revert };

/** Runs `data` against the contract at `to` (through a proxy to its implementations). */
export function evmCall(to: string, data: string, call: CallContext): CallOutcome {
  const own = TABLE.get(to.toLowerCase());
  const impls = proxies().get(to.toLowerCase());
  if (!own && !impls) return { ok: '0x' };
  const selector = data.slice(0, 10).toLowerCase();
  const candidates = own ? [own] : impls!.map((a) => TABLE.get(a.toLowerCase())!);
  for (const c of candidates) {
    for (const f of c.functions) {
      const fn = parsed(f);
      if (AbiFunction.getSelector(fn) !== selector) continue;
      let args: readonly unknown[];
      try {
        const decoded = AbiFunction.decodeData(fn, data as `0x${string}`) as unknown;
        args = decoded === undefined ? [] : (decoded as readonly unknown[]);
      } catch {
        return { revert: new Revert('0x') };
      }
      try {
        const out = f.run(args, call);
        return { ok: fn.outputs.length === 0 ? '0x' : AbiFunction.encodeResult(fn, out as never) };
      } catch (e) {
        if (e instanceof Revert) return { revert: e };
        throw e;
      }
    }
  }
  return { revert: new Revert('0x') };
}

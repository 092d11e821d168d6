/**
 * Verified contracts for the ABI commands (`contract methods`, `decode`, `address logs --event`):
 * a vault whose ABI has overloads (functions and events), a tuple with an array, a custom error, an event with an indexed
 * string, and hostile names (a function named with an escape sequence, a parameter with a bidi
 * override); a proxy in front of it, with an ABI of its own; and an unverified implementation behind
 * a second proxy. Served by the smart-contracts route of ./tokens.ts.
 */
import { makeAddress, type JsonObject } from '../data.js';

export const ABI_ADDR = {
  /** The vault: verified, with the rich ABI below. */
  vault: makeAddress('abi:vault'),
  /** An EIP-1967 proxy whose implementation is the vault. */
  proxy: makeAddress('abi:vault-proxy'),
  /** A proxy whose implementation nobody verified. */
  proxyUnverified: makeAddress('abi:proxy-unverified'),
  /** The unverified implementation behind it. */
  unverifiedImpl: makeAddress('abi:unverified-impl'),
} as const;

/** Names from whoever verified the contract: an escape sequence and a bidi override. */
export const HOSTILE_ABI = {
  fn: 'drain\u001b[2J',
  param: 'to\u202etxt.exe',
} as const;

const p = (type: string, name: string, extra: JsonObject = {}): JsonObject => ({ internalType: type, name, type, ...extra });

/** The vault's ABI as the explorer sends it (solc's JSON, key order included). */
export const VAULT_ABI: JsonObject[] = [
  { inputs: [p('address', 'owner')], name: 'balanceOf', outputs: [p('uint256', '')], stateMutability: 'view', type: 'function' },
  { inputs: [p('uint256', 'amount')], name: 'deposit', outputs: [], stateMutability: 'nonpayable', type: 'function' },
  { inputs: [p('uint256', 'amount'), p('address', 'receiver')], name: 'deposit', outputs: [], stateMutability: 'nonpayable', type: 'function' },
  {
    inputs: [
      { components: [p('address', 'maker'), p('uint256[]', 'amounts')], internalType: 'struct Vault.Order', name: 'order', type: 'tuple' },
      p('bytes', 'data'),
    ],
    name: 'submit',
    outputs: [p('bytes32', 'id')],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  { inputs: [p('string', HOSTILE_ABI.param)], name: HOSTILE_ABI.fn, outputs: [], stateMutability: 'nonpayable', type: 'function' },
  { anonymous: false, inputs: [p('address', 'from', { indexed: true }), p('address', 'to', { indexed: true }), p('uint256', 'value', { indexed: false })], name: 'Transfer', type: 'event' },
  { anonymous: false, inputs: [p('string', 'topic', { indexed: true }), p('string', 'text', { indexed: false })], name: 'Note', type: 'event' },
  { anonymous: false, inputs: [p('address', 'who', { indexed: true })], name: 'Note', type: 'event' },
  { inputs: [p('address', 'account'), p('uint256', 'balance'), p('uint256', 'needed')], name: 'InsufficientBalance', type: 'error' },
  { stateMutability: 'payable', type: 'receive' },
];

/** The proxy's own ABI: what an EIP-1967 proxy declares. */
export const PROXY_ABI: JsonObject[] = [
  { anonymous: false, inputs: [p('address', 'implementation', { indexed: true })], name: 'Upgraded', type: 'event' },
  { stateMutability: 'payable', type: 'fallback' },
];

/** The bodies of `/smart-contracts/{h}` for ABI_ADDR, made by the caller's `verified` (tokens-data.ts). */
export function abiContracts(verified: (o: { name: string; filePath: string | null; source: string; additional: []; abi: JsonObject[]; proxyType?: string; implementations?: { address_hash: string; name: string | null }[] }) => JsonObject, unverified: JsonObject): [string, JsonObject][] {
  return [
    [ABI_ADDR.vault, verified({ name: 'Vault', filePath: 'Vault.sol', source: 'contract Vault {}\n', additional: [], abi: VAULT_ABI })],
    [ABI_ADDR.proxy, verified({ name: 'ERC1967Proxy', filePath: 'ERC1967Proxy.sol', source: 'contract ERC1967Proxy {}\n', additional: [], abi: PROXY_ABI, proxyType: 'eip1967', implementations: [{ address_hash: ABI_ADDR.vault, name: 'Vault' }] })],
    [ABI_ADDR.proxyUnverified, verified({ name: 'ERC1967Proxy', filePath: 'ERC1967Proxy.sol', source: 'contract ERC1967Proxy {}\n', additional: [], abi: PROXY_ABI, proxyType: 'eip1967', implementations: [{ address_hash: ABI_ADDR.unverifiedImpl, name: null }] })],
    [ABI_ADDR.unverifiedImpl, unverified],
  ];
}

/**
 * Just enough ABI to make raw bytes readable: revert data (`Error(string)`, `Panic(uint256)`, a
 * custom error's selector, or plain UTF-8 as some servers send it) and the names of the commonest
 * 4-byte selectors for the call tree. Decoded text comes from the chain: callers sanitise it.
 */
import { panicText } from '../abi/panic.js';

/** Well-known function selectors (ERC-20/721/1155, WETH, multicall, proxies, routers). */
export const SELECTORS: Readonly<Record<string, string>> = {
  '0xa9059cbb': 'transfer',
  '0x23b872dd': 'transferFrom',
  '0x095ea7b3': 'approve',
  '0x70a08231': 'balanceOf',
  '0xdd62ed3e': 'allowance',
  '0x18160ddd': 'totalSupply',
  '0x313ce567': 'decimals',
  '0x95d89b41': 'symbol',
  '0x06fdde03': 'name',
  '0xd0e30db0': 'deposit',
  '0x2e1a7d4d': 'withdraw',
  '0x42842e0e': 'safeTransferFrom',
  '0xb88d4fde': 'safeTransferFrom',
  '0xf242432a': 'safeTransferFrom',
  '0x2eb2c2d6': 'safeBatchTransferFrom',
  '0x6352211e': 'ownerOf',
  '0x081812fc': 'getApproved',
  '0xa22cb465': 'setApprovalForAll',
  '0x01ffc9a7': 'supportsInterface',
  '0x150b7a02': 'onERC721Received',
  '0xf23a6e61': 'onERC1155Received',
  '0xac9650d8': 'multicall',
  '0x5ae401dc': 'multicall',
  '0x252dba42': 'aggregate',
  '0x82ad56cb': 'aggregate3',
  '0x3593564c': 'execute',
  '0x24856bc3': 'execute',
  '0x022c0d9f': 'swap',
  '0x128acb08': 'swap',
  '0x38ed1739': 'swapExactTokensForTokens',
  '0x7ff36ab5': 'swapExactETHForTokens',
  '0x18cbafe5': 'swapExactTokensForETH',
  '0x414bf389': 'exactInputSingle',
  '0x04e45aaf': 'exactInputSingle',
  '0xc04b8d59': 'exactInput',
  '0x0902f1ac': 'getReserves',
  '0xfeaf968c': 'latestRoundData',
  '0x50d25bcd': 'latestAnswer',
  '0x1fad948c': 'handleOps',
  '0x6a761202': 'execTransaction',
  '0x5c60da1b': 'implementation',
  '0x3659cfe6': 'upgradeTo',
  '0x4f1ef286': 'upgradeToAndCall',
  '0x8da5cb5b': 'owner',
  '0xd505accf': 'permit',
  '0x1626ba7e': 'isValidSignature',
};

function hexBytes(raw: string): Buffer | undefined {
  const h = raw.startsWith('0x') || raw.startsWith('0X') ? raw.slice(2) : raw;
  if (h.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(h)) return undefined;
  return Buffer.from(h, 'hex');
}

function word(b: Buffer, at: number): bigint | undefined {
  if (at + 32 > b.length) return undefined;
  return BigInt('0x' + b.subarray(at, at + 32).toString('hex'));
}

/** UTF-8 text of `b`, or undefined when it is not valid UTF-8 text. */
function utf8(b: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    return undefined;
  }
}

/**
 * What raw revert data says: the message of `Error(string)` (or that it has none), the meaning of
 * `Panic(uint256)`, the selector of a custom error, or the text itself when the server sent
 * hex-encoded text. Undefined for empty or unreadable data. Unsanitised.
 */
export function decodeRevert(raw: string): string | undefined {
  const b = hexBytes(raw.trim());
  if (!b || b.length === 0) return undefined;
  const selector = b.subarray(0, 4).toString('hex');
  if (selector === '08c379a0' && b.length >= 68) {
    const offset = word(b, 4);
    const start = offset === undefined ? undefined : 4 + Number(offset);
    const len = start === undefined ? undefined : word(b, start);
    if (start !== undefined && len !== undefined && start + 32 + Number(len) <= b.length) {
      const msg = utf8(b.subarray(start + 32, start + 32 + Number(len)));
      if (msg !== undefined) return msg || 'Error(string) with an empty message';
    }
  }
  // Error(string) whose message is missing or cut short: a `revert()`/`require(cond)` with no reason
  // on some compilers, or a node that trimmed the data. Not a custom error.
  if (selector === '08c379a0') return b.length === 4 ? 'Error(string) with no message' : `Error(string) with an unreadable message (${b.length} bytes)`;
  if (selector === '4e487b71') {
    if (b.length < 36) return 'Panic(uint256) with no code';
    return `panic ${panicText(word(b, 4) ?? 0n)}`;
  }
  const asText = utf8(b);
  // Hex-encoded text (as some servers send a plain message): mostly printable characters.
  if (asText !== undefined && /^[\p{L}\p{N}\p{P}\p{S}\p{Zs}]+$/u.test(asText) && b.length >= 4) return asText;
  return b.length >= 4 ? `custom error 0x${selector}` : undefined;
}

/** The 4-byte selector of calldata, '' when it has none. */
export function selectorOf(input: string | undefined): string {
  return input && /^0x[0-9a-fA-F]{8}/.test(input) ? input.slice(0, 10).toLowerCase() : '';
}

/** One ABI entry as a human-readable signature (moved beside the ABI library; kept here for the renderers). */
export { abiSignature } from '../abi/human.js';

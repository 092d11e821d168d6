/**
 * ABI entries as people read them: Solidity-like signatures, from the JSON the explorer sends,
 * without the ABI library (so a broken entry still prints what it has). Plain text, unsanitised.
 */

/** One parameter of an ABI entry as the explorer sends it. */
interface AbiParam {
  readonly type?: unknown;
  readonly name?: unknown;
  readonly indexed?: unknown;
  readonly components?: unknown;
}

/** A parameter's type: a tuple spelled out as `(uint256 a, address b)`, with its array suffix. */
function paramType(p: AbiParam): string {
  const type = typeof p.type === 'string' ? p.type : '?';
  if (type.startsWith('tuple') && Array.isArray(p.components)) return `(${params(p.components as AbiParam[])})${type.slice('tuple'.length)}`;
  return type;
}

/** Parameters as a signature lists them: `uint256 amountIn, address indexed to`. */
function params(list: readonly AbiParam[], event = false): string {
  return list
    .map((p) => {
      const name = typeof p.name === 'string' && p.name !== '' ? ` ${p.name}` : '';
      return `${paramType(p)}${event && p.indexed === true ? ' indexed' : ''}${name}`;
    })
    .join(', ');
}

/**
 * One ABI entry as a human-readable signature, as Solidity and ethers spell it:
 * `function quote(uint256 amountIn) view returns (uint256)`, `event Transfer(address indexed from, …)`,
 * `error Unauthorized()`, `constructor(address owner)`, `receive() external payable`. Unsanitised:
 * names come from the chain.
 */
export function abiSignature(entry: Record<string, unknown>): string {
  const kind = typeof entry.type === 'string' ? entry.type : 'function';
  const name = typeof entry.name === 'string' ? entry.name : '';
  const inputs = Array.isArray(entry.inputs) ? (entry.inputs as AbiParam[]) : [];
  const outputs = Array.isArray(entry.outputs) ? (entry.outputs as AbiParam[]) : [];
  const mutability = typeof entry.stateMutability === 'string' && entry.stateMutability !== 'nonpayable' ? ` ${entry.stateMutability}` : entry.constant === true ? ' view' : '';
  switch (kind) {
    case 'event':
      return `event ${name}(${params(inputs, true)})${entry.anonymous === true ? ' anonymous' : ''}`;
    case 'error':
      return `error ${name}(${params(inputs)})`;
    case 'constructor':
      return `constructor(${params(inputs)})${mutability}`;
    case 'receive':
      return 'receive() external payable';
    case 'fallback':
      return `fallback()${mutability}`;
    default:
      return `${kind} ${name}(${params(inputs)})${mutability}${outputs.length ? ` returns (${params(outputs)})` : ''}`;
  }
}

/** A parameter's canonical type, as selectors hash it: `(address,uint256)[]` for a tuple array. */
export function canonicalType(p: AbiParam): string {
  const type = typeof p.type === 'string' ? p.type : '?';
  if (type.startsWith('tuple') && Array.isArray(p.components)) return `(${(p.components as AbiParam[]).map(canonicalType).join(',')})${type.slice('tuple'.length)}`;
  return type;
}

/** The canonical signature of a function, event or error, as its selector hashes it: `transfer(address,uint256)`. */
export function canonicalSignature(entry: Readonly<Record<string, unknown>>): string {
  const name = typeof entry.name === 'string' ? entry.name : '';
  const inputs = Array.isArray(entry.inputs) ? (entry.inputs as AbiParam[]) : [];
  return `${name}(${inputs.map(canonicalType).join(',')})`;
}

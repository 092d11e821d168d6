/**
 * The runs of `contract show`, `contract abi` and `contract source`, all from
 * `/api/v2/smart-contracts/{h}`. The explorer answers 404 for an address that is no contract; for
 * an unverified contract it answers 200 with only bytecode and proxy fields, so "no verified ABI"
 * or "no verified source" is decided here, and is exit 3 (nothing of the kind was found). A contract
 * whose code matches a verified twin carries the twin's source and ABI: they are used, and stderr
 * says whose they are.
 */
import { smartContractPath } from '../../api/endpoints.js';
import type { ExplorerClient } from '../../api/client.js';
import { NotFoundError, ResponseShapeError, ScoutError, UsageError } from '../../base/errors.js';
import { objectMembers } from '../../base/json/lossless.js';
import { safeText } from '../../base/text/safe.js';
import { printDocument } from '../../run/output.js';
import { notAContract } from '../../run/not-contract.js';
import { openProgress } from '../../run/progress.js';
import type { Invocation } from '../../kit/invocation.js';
import type { Session } from '../../run/session.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** The decoded body, which must be a JSON object. */
function objectOf(body: string, origin: string): Record<string, unknown> {
  const v: unknown = JSON.parse(body);
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new ResponseShapeError(`unusable response from ${origin}: expected a smart contract object`);
  return v as Record<string, unknown>;
}

/** One contract's body, with a spinner while it loads. */
async function fetchContract(s: Session, inv: Invocation, explorer: ExplorerClient, address: string): Promise<string> {
  const progress = await openProgress(s.io, inv.output.mode, `${inv.path.join(' ')} · loading`, s.render.color, { waits: s.waits });
  try {
    return await explorer.getRaw(smartContractPath(address), [], `contract ${address}`);
  } catch (e) {
    throw await notAContract(explorer, address, e);
  } finally {
    progress.stop();
  }
}

/** Tells on stderr when what is shown is a verified twin's, not the contract's own. */
async function noteTwin(s: Session, c: Record<string, unknown>, address: string, what: string): Promise<void> {
  const twin = c.verified_twin_address_hash;
  if (c.is_verified !== true && typeof twin === 'string' && twin) {
    await s.io.err.write(`scout: note: ${address} is not verified itself; this is the ${what} of ${safeText(twin)}, a verified contract with the same code\n`);
  }
}

export async function show(inv: Invocation, address: string): Promise<void> {
  const { mode } = inv.output;
  const s = await inv.session();
  const explorer = s.explorer();
  const body = await fetchContract(s, inv, explorer, address);
  if (mode === 'json' || mode === 'ndjson') return printDocument(s, body, mode);
  const c = objectOf(body, new URL(explorer.baseUrl).origin);
  const [{ SmartContract }, { checkShape }, { renderContract }] = await Promise.all([import('../../api/shapes.js'), import('../../api/shape.js'), import('../../render/contract.js')]);
  if (checkShape(SmartContract, c)) await s.io.err.write('scout: warning: the contract has an unexpected shape; showing it as best we can\n');
  await s.io.out.write(renderContract(c as never, address, s.render));
}

/**
 * The address of a proxy's implementation: the first the explorer lists (named on stderr when there
 * are more). No implementation is exit 1: the address is no proxy the explorer knows.
 */
async function implementationOf(s: Session, c: Record<string, unknown>, address: string, origin: string): Promise<string> {
  const list = Array.isArray(c.implementations) ? c.implementations : [];
  const hashes = list.map((i: unknown) => {
    const o = i && typeof i === 'object' ? (i as Record<string, unknown>) : {};
    return o.address_hash ?? o.address;
  });
  if (hashes.length === 0) throw new ScoutError(`${address} is not a proxy: the explorer knows no implementation of it`, { hint: 'leave out --implementation for its own ABI' });
  const first = hashes[0];
  if (typeof first !== 'string' || !ADDRESS.test(first)) {
    throw new ResponseShapeError(`unusable response from ${origin}: the implementation of ${address} is ${JSON.stringify(safeText(String(first)))}, not an address`);
  }
  if (hashes.length > 1) {
    const others = hashes.slice(1).map((h) => safeText(String(h))).join(', ');
    await s.io.err.write(`scout: note: ${address} has ${hashes.length} implementations; using the first, ${first} (the others: ${others})\n`);
  }
  return first;
}

export async function abi(inv: Invocation, address: string, implementation: boolean): Promise<void> {
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  let target = address;
  let body = await fetchContract(s, inv, explorer, address);
  if (implementation) {
    target = await implementationOf(s, objectOf(body, origin), address, origin);
    body = await fetchContract(s, inv, explorer, target);
  }
  const c = objectOf(body, origin);
  // The array as sent, byte for byte (objectOf has checked the body is an object).
  const raw = objectMembers(body).get('abi');
  if (raw === undefined || raw.trim() === 'null') throw new NotFoundError(`no verified ABI for ${target}: the explorer has no verified source for it`);
  if (!raw.trimStart().startsWith('[')) throw new ResponseShapeError(`unusable response from ${origin}: the ABI of ${target} is no array`);
  await noteTwin(s, c, target, 'ABI');
  // On a terminal, without --json: one readable signature a line. Piped, or with --json: the JSON.
  if (inv.output.mode === 'table' && s.render.tty) return printSignatures(s, raw);
  await printDocument(s, raw, inv.output.mode === 'ndjson' ? 'ndjson' : 'json');
}

/** The ABI as Solidity-like signatures, one a line, names made safe. */
async function printSignatures(s: Session, raw: string): Promise<void> {
  const { abiSignature } = await import('../../render/abi.js');
  const entries = JSON.parse(raw) as unknown[];
  let out = '';
  for (const e of entries) if (e !== null && typeof e === 'object' && !Array.isArray(e)) out += safeText(abiSignature(e as Record<string, unknown>)) + '\n';
  await s.io.out.write(out);
}

/** Source text for a terminal: every line made safe, line breaks and tabs kept. */
export function terminalSource(code: string): string {
  return code
    .split(/(\r?\n|\t)/)
    .map((part, i) => (i % 2 === 1 ? (part === '\t' ? '\t' : '\n') : safeText(part)))
    .join('');
}

/** The main file's name when the explorer sent none (a flattened source): `<Name>.sol`, `.vy` for Vyper. */
function mainFileName(c: Record<string, unknown>): string {
  const vyper = c.language === 'vyper' || c.is_vyper_contract === true;
  const ext = vyper ? '.vy' : c.language === 'yul' ? '.yul' : '.sol';
  const name = typeof c.name === 'string' && /^[A-Za-z0-9_$-]{1,100}$/.test(c.name) ? c.name : 'contract';
  return name + ext;
}

export interface SourceOptions {
  readonly out: string | undefined;
  readonly force: boolean;
  readonly allowHidden: boolean;
  readonly maxFiles: number | undefined;
  readonly maxDepth: number | undefined;
  readonly maxFileSize: number | undefined;
}

/** The --out options given without --out, by their flags. */
const OUT_ONLY = { allowHidden: '--allow-hidden', maxFiles: '--max-files', maxDepth: '--max-depth', maxFileSize: '--max-file-size' } as const;

export async function source(inv: Invocation, address: string, o: SourceOptions): Promise<void> {
  if (o.force && o.out === undefined) throw new UsageError('--force goes with --out: it lets files under the directory be overwritten');
  for (const [key, flag] of Object.entries(OUT_ONLY) as [keyof typeof OUT_ONLY, string][]) {
    if (o.out === undefined && o[key] !== undefined && o[key] !== false) throw new UsageError(`${flag} goes with --out: it sets how files are written`);
  }
  const s = await inv.session();
  const explorer = s.explorer();
  const origin = new URL(explorer.baseUrl).origin;
  const c = objectOf(await fetchContract(s, inv, explorer, address), origin);
  const main = c.source_code;
  if (typeof main !== 'string' || main === '') throw new NotFoundError(`no verified source for ${address}: the contract is not verified`);
  await noteTwin(s, c, address, 'source');
  if (o.out === undefined) {
    // Piped: the text as sent. On a terminal, escapes in it must not reach the terminal raw.
    if (!s.io.stdoutIsTTY) return s.io.out.write(main);
    return s.io.out.write(terminalSource(main) + (main.endsWith('\n') ? '' : '\n'));
  }
  const extra = Array.isArray(c.additional_sources) ? c.additional_sources : c.additional_sources == null ? [] : undefined;
  if (extra === undefined) throw new ResponseShapeError(`unusable response from ${origin}: "additional_sources" of ${address} is no list`);
  const files = [
    { path: typeof c.file_path === 'string' && c.file_path !== '' ? c.file_path : mainFileName(c), code: main },
    ...extra.map((x: unknown) => {
      const f = x && typeof x === 'object' ? (x as Record<string, unknown>) : {};
      if (typeof f.source_code !== 'string') throw new ResponseShapeError(`unusable response from ${origin}: a source file of ${address} has no text`);
      return { path: f.file_path, code: f.source_code };
    }),
  ];
  const { SOURCE_LIMITS, writeSources } = await import('./source-files.js');
  const limits = { files: o.maxFiles ?? SOURCE_LIMITS.files, depth: o.maxDepth ?? SOURCE_LIMITS.depth, fileBytes: o.maxFileSize ?? SOURCE_LIMITS.fileBytes };
  const written = await writeSources(files, o.out, { force: o.force, allowHidden: o.allowHidden, limits, signal: inv.env.signal });
  await s.io.out.write(written.map((p) => safeText(p) + '\n').join(''));
}

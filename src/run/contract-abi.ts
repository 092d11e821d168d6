/**
 * A contract's verified ABI, as the commands that speak to contracts need it (`contract methods`,
 * `decode … --to`, `address logs --event Name`, and `contract call`/`tx trace --decode` after them):
 * `/api/v2/smart-contracts/{h}`, and through a proxy its implementations' too (each fetched once,
 * concurrently). Asked once per address and run (a session's HTTP layer keys the cache), so a
 * command decoding many things of one contract fetches its ABI once.
 *
 * A contract the explorer knows as no contract is exit 3 (named an account when it is one); one with
 * no verified ABI of its own nor of an implementation is exit 3 too. A verified twin's ABI is used,
 * and stderr says whose it is.
 */
import { smartContractPath } from '../api/endpoints.js';
import type { ExplorerClient } from '../api/client.js';
import type { Http } from '../api/http.js';
import { NotFoundError, ResponseShapeError } from '../base/errors.js';
import { objectMembers } from '../base/json/lossless.js';
import { safeText } from '../base/text/safe.js';
import type { AbiEntry } from '../abi/signature.js';
import { notAContract } from './not-contract.js';
import type { Session } from './session.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** The most implementations of one proxy whose ABIs are fetched (a diamond may list many facets). */
const MOST_IMPLEMENTATIONS = 20;

/** The ABI of one contract: its own, or an implementation's. */
export interface AbiSource {
  /** The address whose ABI this is. */
  readonly address: string;
  /** The contract's own ABI, or that of an implementation behind it (a proxy's). */
  readonly role: 'contract' | 'implementation';
  /** The contract's name as verified, '' when not given. */
  readonly name: string;
  /** The `abi` array's text as the explorer sent it. */
  readonly raw: string;
  /** Its elements' texts as sent, in order. */
  readonly rawEntries: readonly string[];
  /** Its entries, parsed. */
  readonly entries: readonly AbiEntry[];
}

/** A contract's ABIs: its own first (when verified), then its implementations'. */
export interface ContractAbi {
  readonly address: string;
  readonly sources: readonly AbiSource[];
  /** Every entry of every source, the contract's own first. */
  readonly entries: readonly AbiEntry[];
  /** For messages: "the ABI of 0x…" (and "and its implementation 0x…"). */
  readonly where: string;
}

/** What one `/smart-contracts/{h}` answer holds, read loosely (the command decides what is missing). */
interface ContractBody {
  readonly abiRaw: string | undefined;
  readonly name: string;
  readonly twin: string | undefined;
  readonly implementations: readonly string[];
}

function readBody(body: string, origin: string, address: string): ContractBody {
  let members: Map<string, string>;
  try {
    members = objectMembers(body);
  } catch {
    throw new ResponseShapeError(`unusable response from ${origin}: the contract ${address} is no JSON object`);
  }
  const v = JSON.parse(body) as Record<string, unknown>;
  const raw = members.get('abi');
  const abiRaw = raw === undefined || raw.trim() === 'null' ? undefined : raw;
  if (abiRaw !== undefined && !abiRaw.trimStart().startsWith('[')) throw new ResponseShapeError(`unusable response from ${origin}: the ABI of ${address} is no array`);
  const impls = Array.isArray(v.implementations) ? v.implementations : [];
  const implementations = impls
    .map((i: unknown) => {
      const o = i && typeof i === 'object' ? (i as Record<string, unknown>) : {};
      return o.address_hash ?? o.address;
    })
    .filter((h): h is string => typeof h === 'string' && ADDRESS.test(h) && h.toLowerCase() !== address.toLowerCase());
  const twin = v.is_verified !== true && typeof v.verified_twin_address_hash === 'string' && v.verified_twin_address_hash ? v.verified_twin_address_hash : undefined;
  return { abiRaw, name: typeof v.name === 'string' ? v.name : '', twin, implementations: [...new Set(implementations)] };
}

/** Bodies asked for in this run, by HTTP layer (one a run) and address. */
const bodies = new WeakMap<Http, Map<string, Promise<ContractBody>>>();

/** One contract's body, asked once per run. */
function bodyOf(s: Session, client: ExplorerClient, address: string): Promise<ContractBody> {
  let known = bodies.get(s.http);
  if (!known) bodies.set(s.http, (known = new Map()));
  const key = `${client.baseUrl} ${address.toLowerCase()}`;
  let p = known.get(key);
  if (!p) {
    const origin = new URL(client.baseUrl).origin;
    p = client
      .getRaw(smartContractPath(address), [], `contract ${address}`)
      .then((body) => readBody(body, origin, address))
      .catch(async (e: unknown) => {
        throw await notAContract(client, address, e);
      });
    known.set(key, p);
  }
  return p;
}

async function sourceOf(s: Session, client: ExplorerClient, address: string, role: AbiSource['role'], body: ContractBody): Promise<AbiSource | undefined> {
  if (body.abiRaw === undefined) return undefined;
  const { parseAbiJson } = await import('../abi/signature.js');
  const { arrayElements } = await import('../base/json/lossless.js');
  const origin = new URL(client.baseUrl).origin;
  const entries = parseAbiJson(body.abiRaw, (why) => new ResponseShapeError(`unusable ABI of ${address} from ${origin}: ${why}`));
  if (body.twin) await s.io.err.write(`scout: note: ${address} is not verified itself; using the ABI of ${safeText(body.twin)}, a verified contract with the same code\n`);
  return { address, role, name: body.name, raw: body.abiRaw, rawEntries: arrayElements(body.abiRaw), entries };
}

/**
 * The verified ABI of `address`, with its implementations' when it is a proxy and `implementations`
 * is on, from the session's explorer or `client` (another chain's, under `--chains`). Throws
 * NotFoundError (exit 3) when there is no verified ABI at all.
 */
export async function contractAbi(s: Session, address: string, o: { implementations?: boolean; client?: ExplorerClient } = {}): Promise<ContractAbi> {
  const client = o.client ?? s.explorer();
  const body = await bodyOf(s, client, address);
  const own = await sourceOf(s, client, address, 'contract', body);
  const impls = o.implementations === false ? [] : body.implementations.slice(0, MOST_IMPLEMENTATIONS);
  if (o.implementations !== false && body.implementations.length > MOST_IMPLEMENTATIONS) {
    await s.io.err.write(`scout: note: ${address} lists ${body.implementations.length} implementations; the ABIs of the first ${MOST_IMPLEMENTATIONS} are used\n`);
  }
  const behind = await Promise.all(
    impls.map(async (a) => {
      try {
        const src = await sourceOf(s, client, a, 'implementation', await bodyOf(s, client, a));
        if (!src) await s.io.err.write(`scout: note: the implementation ${a} of ${address} has no verified ABI\n`);
        return src;
      } catch (e) {
        if (e instanceof NotFoundError) {
          await s.io.err.write(`scout: note: the explorer knows no contract at the implementation ${a} of ${address}\n`);
          return undefined;
        }
        throw e;
      }
    }),
  );
  const sources = [own, ...behind].filter((x): x is AbiSource => x !== undefined);
  if (sources.length === 0) {
    throw new NotFoundError(`no verified ABI for ${address}: the explorer has no verified source for it${impls.length ? ' nor for its implementations' : ''}`, {
      hint: 'give the ABI with --abi <file>, or a signature with --sig',
    });
  }
  const used = sources.filter((x) => x.role === 'implementation').map((x) => x.address);
  const where = `the ABI of ${address}${used.length ? ` and its implementation${used.length > 1 ? 's' : ''} ${used.join(', ')}` : ''}`;
  return { address, sources, entries: sources.flatMap((x) => x.entries), where };
}

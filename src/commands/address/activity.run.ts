/**
 * What `address activity` asks before its first page: the 4-byte selector of each method name given
 * to `--method`, from the explorer's method lookup (`/api/v2/advanced-filters/methods?q=<name>`,
 * which answers `[{method_id, name}]`, or `[]` for a name it does not know). Each name is asked once
 * per run, however many addresses a batch holds.
 */
import { ADVANCED_FILTER_METHODS_PATH } from '../../api/endpoints.js';
import { lacksEndpoint } from '../../api/client.js';
import { NotFoundError, ResponseShapeError } from '../../base/errors.js';
import { echo } from '../../base/text/echo.js';
import type { Session } from '../../kit/invocation.js';

const SELECTOR = /^0x[0-9a-f]{8}$/;

/**
 * The selectors asked for in this run, by the run's one HTTP layer (each value of a batch has a
 * session of its own around it) and the explorer and name: the values of a batch share one lookup.
 */
const found = new WeakMap<object, Map<string, Promise<string>>>();

/** `input` with every method name of `method` replaced by its selector; a name the explorer does not know is not found (exit 3). */
export async function withSelectors<I extends { method?: string[] | undefined }>(input: I, s: Session): Promise<I> {
  const methods = input.method;
  if (!methods || methods.every((m) => SELECTOR.test(m))) return input;
  let known = found.get(s.http);
  if (!known) found.set(s.http, (known = new Map()));
  const base = s.explorer().baseUrl;
  const out: string[] = [];
  for (const m of methods) {
    if (SELECTOR.test(m)) out.push(m);
    else {
      const key = `${base} ${m.toLowerCase()}`;
      let selector = known.get(key);
      if (selector === undefined) known.set(key, (selector = lookUp(s, m)));
      out.push(await selector);
    }
  }
  return { ...input, method: [...new Set(out)] };
}

/** The selector the explorer knows for the method `name`. */
async function lookUp(s: Session, name: string): Promise<string> {
  const client = s.explorer();
  const origin = new URL(client.baseUrl).origin;
  let body: string;
  try {
    body = await client.getRaw(ADVANCED_FILTER_METHODS_PATH, [['q', name]], `method ${name}`);
  } catch (e) {
    if (lacksEndpoint(e)) throw new NotFoundError(`${origin} has no method lookup (/api/v2/advanced-filters/methods) to find the method ${echo(name)}; give its 4-byte selector instead (0x and 8 hex digits)`, { cause: e });
    throw e;
  }
  const answer: unknown = JSON.parse(body);
  if (!Array.isArray(answer)) throw new ResponseShapeError(`unusable response from ${origin}: the method lookup sent no list`);
  // The server looks the name up in lower case; only an entry of that very name counts.
  for (const entry of answer as unknown[]) {
    const e = typeof entry === 'object' && entry !== null ? (entry as { method_id?: unknown; name?: unknown }) : {};
    if (typeof e.name === 'string' && e.name.toLowerCase() === name.toLowerCase() && typeof e.method_id === 'string' && SELECTOR.test(e.method_id.toLowerCase())) {
      return e.method_id.toLowerCase();
    }
  }
  throw new NotFoundError(`no method named ${echo(name)} on ${origin}: give its 4-byte selector instead (0x and 8 hex digits)`);
}

/**
 * Requests a test declares it expects: `srv.expect('GET', path, query)` before running the command,
 * `srv.verify()` after (or in an afterEach), which fails naming every declared request that never
 * arrived. For what output alone cannot show: a filter sent to the server rather than applied after,
 * a request made and failed rather than skipped.
 */

/** What the explorer saw of one request, as far as an expectation looks. */
export interface SeenRequest {
  method: string;
  /** The path without the query string, as sent. */
  path: string;
  /** Query pairs in the order sent (percent-decoded), duplicates kept. */
  query: [string, string][];
}

export interface ExpectedRequest {
  /** `GET /path?k=v`, as verify names it. */
  readonly what: string;
  /** How many requests have matched since it was declared. */
  readonly count: number;
}

/** The declared requests of one server: `saw` is called as each request arrives. */
export class Expectations {
  private declared: { what: string; count: number; matches: (r: SeenRequest) => boolean }[] = [];

  /**
   * Expects a request with this method and path (exact) that carries at least these query pairs,
   * arriving from now on.
   */
  expect(method: string, path: string, query: Record<string, string> = {}): ExpectedRequest {
    const pairs = Object.entries(query);
    const qs = pairs.length === 0 ? '' : '?' + pairs.map(([k, v]) => `${k}=${v}`).join('&');
    const entry = {
      what: `${method.toUpperCase()} ${path}${qs}`,
      count: 0,
      matches: (r: SeenRequest) =>
        r.method.toUpperCase() === method.toUpperCase() && r.path === path && pairs.every(([k, v]) => r.query.some(([rk, rv]) => rk === k && rv === v)),
    };
    this.declared.push(entry);
    return entry;
  }

  saw(r: SeenRequest): void {
    for (const e of this.declared) if (e.matches(r)) e.count++;
  }

  /** Throws, listing them, when a declared request never came; forgets what was declared either way. */
  verify(): void {
    const missing = this.declared.filter((e) => e.count === 0).map((e) => e.what);
    this.declared = [];
    if (missing.length > 0) throw new Error(`expected request${missing.length > 1 ? 's' : ''} never arrived:\n  ${missing.join('\n  ')}`);
  }
}

/**
 * How a request that failed for good is told to the user: the last answer's status and body, or the
 * last attempt's fault, as the ScoutError (base/errors.ts) whose exit code the contract gives it
 * (docs/cli-contract.md, Exit codes). Every message is one line, with secrets masked (`redact`) and
 * nothing from the server unescaped.
 *
 *     404            NotFoundError    3   (a block that lost consensus names its replaced hash)
 *     401 402 403    AuthError        4   (with the request's own hint)
 *     429            RateLimitError   5
 *     anything else  HttpError        1   (the request, the body's message or "HTTP 502 Bad Gateway",
 *                                         the retries made and what to do)
 *     timeout        TimeoutError     1
 *     no connection  NetworkError     1   ("cannot resolve <host> (no network?)" when the name did not resolve)
 */
import { AuthError, HttpError, NetworkError, NotFoundError, RateLimitError, ResponseShapeError, type ScoutError, TimeoutError } from '../base/errors.js';
import { safeText } from '../base/text/safe.js';
import { lostConsensusHash, messageFromBody } from './body.js';
import type { HttpResponse, RequestContext } from './exchange.js';
import type { AttemptError } from './transport.js';

/** The host name did not resolve: offline, or no such host. EAI_AGAIN is the resolver's "try again". */
const UNRESOLVED = new Set(['ENOTFOUND', 'EAI_AGAIN']);

type Redact = (text: string) => string;

/** "1 retry", "2 retries". */
function retriesWord(n: number): string {
  return n === 1 ? '1 retry' : `${n} retries`;
}

/** " (after 2 retries)", or nothing when there was one attempt. */
export function afterRetries(n: number): string {
  return n > 0 ? ` (after ${retriesWord(n)})` : '';
}

/** A request as an error names it: its method, and its URL as --verbose prints it (keys masked). */
export interface SentRequest {
  readonly method: string;
  readonly url: URL;
  /** `displayUrl(url, ctx.masked)`: key-like parameters and -F values already masked. */
  readonly shown: string;
  readonly ctx: RequestContext;
}

/** What to do after a server error: a gateway's status says the explorer behind it did not answer. */
function serverAdvice(status: number): string {
  if (status === 502 || status === 503 || status === 504) return '; the explorer may be down, try again later';
  if (status >= 500) return '; the explorer failed on this request';
  return '';
}

/** The error for a non-2xx answer that was not (or no longer) retried, after `retries` retries. */
export function statusError(req: SentRequest, res: HttpResponse, retries: number, redact: Redact): ScoutError {
  const { url, ctx } = req;
  const status = res.status;
  const type = res.headers['content-type'];
  const detail = redact(messageFromBody(res.body, Array.isArray(type) ? type[0] : type, status, redact));
  if (status === 404) {
    const what = ctx.what ?? url.pathname;
    const lost = lostConsensusHash(res.body);
    if (lost) {
      return new NotFoundError(`${what} not found on ${url.origin} (HTTP 404): the explorer's block at that height lost consensus in a reorganisation`, {
        hint: `the replaced block is still there by its hash: ${lost}`,
      });
    }
    return new NotFoundError(`${what} not found on ${url.origin} (HTTP 404)`);
  }
  if (status === 401 || status === 402 || status === 403) {
    return new AuthError(`${url.origin} refused the request (HTTP ${status}): ${detail}`, status, { hint: ctx.authHint });
  }
  if (status === 429) {
    return new RateLimitError(`rate limited by ${url.origin} after ${retriesWord(retries)}`, {
      hint: 'an explorer key raises the limit (--explorer-key), or wait and try again',
    });
  }
  // A body that said nothing useful (a proxy's HTML page) is already reduced to "HTTP 502 Bad Gateway".
  const said = detail.startsWith(`HTTP ${status}`) ? detail : `HTTP ${status}: ${detail}`;
  const after = retries > 0 ? ` after ${retriesWord(retries)}` : '';
  const request = `${req.method} ${safeText(redact(req.shown))}`;
  return new HttpError(`${request} failed with ${said}${after}${serverAdvice(status)}`, status, { answer: said });
}

/** The error for an attempt that got no answer, after `n` retries. */
export function faultError(url: URL, fault: AttemptError, n: number, redact: Redact): ScoutError {
  const after = afterRetries(n);
  if (fault.kind === 'timeout') {
    return new TimeoutError(`request to ${url.origin} ${fault.message}${after}`, { hint: 'raise --timeout or try again later', cause: fault.cause });
  }
  if (fault.kind === 'unreachable' && UNRESOLVED.has(fault.message)) {
    // What an offline machine gets: the host's name, not the resolver's code (--verbose shows it).
    return new NetworkError(`cannot resolve ${safeText(url.hostname)} (no network?)${after}`, { cause: fault.cause });
  }
  const what = fault.kind === 'unreachable' ? `cannot reach ${url.origin}` : `connection to ${url.origin} broke`;
  return new NetworkError(`${what}: ${safeText(redact(fault.message))}${after}`, { cause: fault.cause });
}

/** The error for a 2xx body the caller could not use, after `n` retries. */
export function unusableError(e: ResponseShapeError, n: number, redact: Redact): ScoutError {
  return new ResponseShapeError(safeText(redact(e.message)) + afterRetries(n), { hint: e.hint, cause: e.cause });
}

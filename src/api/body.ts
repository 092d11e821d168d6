/**
 * Turns an error body into one readable line (docs/api-behaviour.md, Errors): `{"message": ...}`,
 * `{"errors":[{"source":{"pointer"},"detail"}]}`, `{"error": ...}`, the admin `{"code","message"}`, a
 * bare JSON string (raw-trace node failures), a JSON-RPC `{"error":{"code","message"}}`, or a proxy's
 * HTML page, which is reduced to the status.
 */
import { safeText } from '../base/text/safe.js';

const MAX = 300;

/** One safe line of at most 300 characters: runs of whitespace made one space, control characters shown. */
export function clip(s: string): string {
  // Runs of whitespace become one space, except a BOM (whitespace to JS), which is shown.
  const one = safeText(s.replace(/[^\S\ufeff]+/g, ' ').trim());
  return one.length > MAX ? one.slice(0, MAX - 1) + '…' : one;
}

function fromJson(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (!v || typeof v !== 'object') return undefined;
  const o = v as Record<string, unknown>;
  if (Array.isArray(o.errors) && o.errors.length > 0) {
    const parts = o.errors.map((e) => {
      if (!e || typeof e !== 'object') return String(e);
      const err = e as { detail?: unknown; title?: unknown; source?: { pointer?: unknown } };
      const text = String(err.detail ?? err.title ?? 'invalid');
      // The pointer names the parameter ("/filter"); "/" (the whole request) names nothing.
      const ptr = typeof err.source?.pointer === 'string' ? err.source.pointer.replace(/^\//, '') : '';
      return ptr ? `${ptr}: ${text}` : text;
    });
    return parts.join('; ');
  }
  for (const key of ['message', 'error', 'detail', 'title']) {
    const m = o[key];
    if (typeof m === 'string' && m) return m;
  }
  // A JSON-RPC error sent with an error status: {"jsonrpc":"2.0","error":{"code","message"}}.
  const rpc = o.error as { message?: unknown } | null | undefined;
  if (rpc && typeof rpc === 'object' && typeof rpc.message === 'string' && rpc.message) return rpc.message;
  return undefined;
}

/**
 * The block hash a 404 names when a block number is held only by a block a reorganisation replaced:
 * Blockscout answers `{"message":"Block lost consensus","hash":"0x…"}`. Undefined for any other body,
 * or a hash that is not 32 bytes of hex (the body is the server's, so nothing else reaches output).
 */
export function lostConsensusHash(body: string): string | undefined {
  if (!body.includes('lost consensus')) return undefined;
  try {
    const v = JSON.parse(body) as { message?: unknown; hash?: unknown };
    if (v.message !== 'Block lost consensus' || typeof v.hash !== 'string') return undefined;
    return /^0x[0-9a-fA-F]{64}$/.test(v.hash) ? v.hash.toLowerCase() : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One line describing an error response; never the raw HTML of a proxy page. `redact` masks secrets
 * in the server's words before they are cut to length, so a key cut in half cannot slip through.
 */
export function messageFromBody(body: string, contentType: string | undefined, status: number, redact: (text: string) => string = (t) => t): string {
  const trimmed = body.trim();
  if (trimmed && !/html/i.test(contentType ?? '') && !trimmed.startsWith('<')) {
    let m: string | undefined;
    try {
      m = fromJson(JSON.parse(trimmed));
    } catch {
      // Not JSON: a short plain-text body is still the best description there is.
      if (trimmed.length <= 200) m = trimmed;
    }
    if (m) return clip(redact(m));
  }
  return `HTTP ${status}${STATUS_TEXT[status] ? ' ' + STATUS_TEXT[status] : ''}`;
}

/**
 * What a body that is not the JSON expected was, in words that quote none of it (it may hold a key or
 * escape sequences): "content-type text/plain, 13 bytes". A content type that is not a plain
 * `type/subtype` token is not repeated either. `contentType` null: not known.
 */
export function describeBody(contentType: string | undefined | null, bytes: number): string {
  const size = bytes === 1 ? '1 byte' : `${bytes} bytes`;
  if (contentType === null) return size;
  const type = (contentType ?? '').split(';')[0]!.trim();
  const shown = !type ? 'no content-type' : /^[\w!#$&^.+-]{1,40}\/[\w!#$&^.+-]{1,80}$/.test(type) ? `content-type ${type}` : 'an unusual content-type';
  return `${shown}, ${size}`;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

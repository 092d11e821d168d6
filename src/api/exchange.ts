/**
 * The shapes the HTTP layers share (docs/style.md, "The HTTP layer"). A request goes down through
 * them and its value comes back up:
 *
 *     Http.get / getParsed / getStreamed        (http.ts: the public surface; and the JSON-RPC POST, rpc.ts's alone: post.ts)
 *       └ response cache        (cache.ts, only with --cache: a hit ends the request here)
 *         └ retries             (http.ts: a rate slot per attempt, the --verbose trail, retry.ts decides, status.ts names the failure)
 *           └ transport         (transport.ts: one attempt, its deadline, its body under the one --max-body cap)
 *
 * The retries over the transport make the innermost `Send` (a request in, the accepted value or a
 * typed error out); what wraps it is a `Layer`, a function from the `Send` below to a `Send`, as an
 * undici interceptor maps one `dispatch` to another (`Dispatcher.compose`); `compose` applies layers
 * in the same order. Types and that one function: loading this module costs nothing.
 */

/**
 * The methods the layers carry: GET, and POST for JSON-RPC only (api/rpc.ts is the one sender; the
 * rule only-rpc-posts in .dependency-cruiser.mjs keeps it so).
 */
export type Method = 'GET' | 'POST';

export type Headers = Record<string, string | string[] | undefined>;

export interface HttpResponse {
  status: number;
  headers: Headers;
  body: string;
  /** The body's length in bytes as received (before decoding). */
  bytes: number;
}

/**
 * Reads a 2xx body as it arrives, chunk by chunk, and makes a value of it. Its errors pass through
 * as they are (a ResponseShapeError is retried like a truncated body); a body that breaks off midway
 * is a fault the HTTP layer reports and retries. The deadline stands still while it works on a chunk.
 */
export type BodyConsumer<T> = (chunks: AsyncIterable<Buffer>, headers: Headers) => Promise<T>;

/** What a request is about, for error messages: "transaction 0xabc…". */
export interface RequestContext {
  what?: string | undefined;
  /** Hint printed with a 401/402/403. */
  authHint?: string | undefined;
  /** The answer may come from, and go to, the response cache (explorer data; never admin answers). */
  cache?: boolean | undefined;
  /** Query parameters whose values --verbose never shows, whatever their names (`scout api -F`). */
  masked?: readonly string[] | undefined;
  /** Asked once and never tried again: an answer the run can do without (the explorer's indexing status). */
  once?: boolean | undefined;
}

/** One request as every layer sees it. */
export interface HttpRequest<V = unknown> {
  method: Method;
  url: URL;
  headers: Record<string, string>;
  ctx: RequestContext;
  /** The URL as --verbose prints it (key-like parameters masked): `displayUrl(url, ctx.masked)`. */
  shown: string;
  /** A 2xx body goes here as it arrives instead of being read whole (`getStreamed`). */
  consume?: BodyConsumer<V> | undefined;
  /** What a POST sends (JSON text); a GET sends nothing. */
  body?: string | undefined;
  /**
   * Sending it twice has the effect of once, whatever its method (a JSON-RPC read): the retries
   * treat it as a GET. Absent: as the method says (retry.ts, `idempotent`).
   */
  idempotent?: boolean | undefined;
}

/** A 2xx answer; `value` is what the request's consumer made of the body (then `body` is empty). */
export type Answer<V> = HttpResponse & { value?: V };

/**
 * Turns a 2xx answer into the caller's value. A ResponseShapeError it throws (a body cut short, an
 * HTML page served with 200) is a fault like a broken connection: the request is tried again.
 */
export type Accept<V, T> = (res: Answer<V>) => T;

/** Sends a request through the layers below and resolves with the accepted value, or throws a ScoutError. */
export type Send = <V, T>(req: HttpRequest<V>, accept: Accept<V, T>) => Promise<T>;

/** Wraps the layers below (`next`) in one more: the shape of an undici interceptor. */
export type Layer = (next: Send) => Send;

/** `send` wrapped in `layers`, the first innermost, as `Dispatcher.compose` applies interceptors. */
export function compose(send: Send, ...layers: readonly (Layer | undefined)[]): Send {
  return layers.reduce<Send>((inner, layer) => (layer ? layer(inner) : inner), send);
}

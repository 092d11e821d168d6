/**
 * Error classes, each carrying the exit code the contract gives it (docs/cli-contract.md, Exit codes).
 * One top-level handler in cli.ts prints `scout: <message>` (plus the hint) and exits with `exitCode`.
 */
export class ScoutError extends Error {
  /** Process exit code for this kind of failure. */
  readonly exitCode: number = 1;
  /** One short line telling the user what to do next, printed after the message. */
  readonly hint: string | undefined;

  constructor(message: string, options: { hint?: string | undefined; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.hint = options.hint;
  }
}

/** Bad input: unknown option, malformed argument, missing key. Nothing was sent. */
export class UsageError extends ScoutError {
  override readonly exitCode = 2;
  /**
   * Where to read more, printed last as `see '…'`: the command's help (`scout address txs --help`,
   * which the executor fills in when the thrower did not) or a help topic (`scout help environment`).
   */
  see: string | undefined;

  constructor(message: string, options: { hint?: string | undefined; cause?: unknown; see?: string | undefined } = {}) {
    super(message, options);
    this.see = options.see;
  }
}

/** The server answered 404. */
export class NotFoundError extends ScoutError {
  override readonly exitCode = 3;
}

/** The explorer lacks the endpoint asked (an older one, or one run without the service behind it): the message says which. */
export class LacksEndpointError extends NotFoundError {}

/** The server refused the credentials (401, 402, 403). */
export class AuthError extends ScoutError {
  override readonly exitCode = 4;
  /** The HTTP status the server answered. */
  readonly status: number;
  constructor(message: string, status: number, options: { hint?: string | undefined; cause?: unknown } = {}) {
    super(message, options);
    this.status = status;
  }
}

/** Still rate limited (429) after every retry. */
export class RateLimitError extends ScoutError {
  override readonly exitCode = 5;
}

/** Any other non-2xx answer. */
export class HttpError extends ScoutError {
  readonly status: number;
  /** What the server said, safe to print: "HTTP 500: <its words>" or "HTTP 502 Bad Gateway". */
  readonly answer: string;
  constructor(message: string, status: number, options: { hint?: string; cause?: unknown; answer?: string } = {}) {
    super(message, options);
    this.status = status;
    this.answer = options.answer ?? `HTTP ${status}`;
  }
}

/**
 * The explorer's JSON-RPC answered a request with an error object (`{"error":{"code","message","data"}}`):
 * the request was sent and refused, exit 1. `code` and `rpcMessage` are the server's (the message is
 * made safe before it is printed); `rawData` is the `data` member's JSON text as sent, if any.
 */
export class RpcError extends ScoutError {
  readonly code: number;
  readonly rpcMessage: string;
  readonly rawData: string | undefined;
  constructor(message: string, rpc: { code: number; message: string; rawData?: string | undefined }, options: { hint?: string | undefined; cause?: unknown } = {}) {
    super(message, options);
    this.code = rpc.code;
    this.rpcMessage = rpc.message;
    this.rawData = rpc.rawData;
  }
}

/**
 * A call (`eth_call`, `eth_estimateGas`) that reverted: JSON-RPC error code 3, or -32000 with hex
 * `data`, or -32000 "execution reverted" with no data. `data` is the ABI-encoded revert as sent
 * (`0x08c379a0…` for Error(string), `0x4e487b71…` for Panic(uint256), a custom error's selector and
 * arguments), `0x` when the contract reverted without any: for a decoder to read.
 */
export class RpcRevertError extends RpcError {
  readonly data: string;
  constructor(message: string, rpc: { code: number; message: string; rawData?: string | undefined; data: string }, options: { hint?: string | undefined; cause?: unknown } = {}) {
    super(message, rpc, options);
    this.data = rpc.data;
  }
}

/** The connection failed (refused, reset, DNS). */
export class NetworkError extends ScoutError {}

/** A request took longer than --timeout. */
export class TimeoutError extends ScoutError {}

/** The body was not the JSON we can use (truncated, HTML, wrong envelope). */
export class ResponseShapeError extends ScoutError {}

/**
 * The body was whole, well-formed JSON of the wrong shape (an object where a list was asked): the
 * same request gets the same answer, so it is not retried, unlike a truncated or non-JSON body.
 */
export class ResponseEnvelopeError extends ResponseShapeError {}

/** A response body passed --max-body: reading stopped there, and it is not retried. */
export class ResponseTooLargeError extends ScoutError {}

/** The server handed back a cursor it had already given: following it would never end. */
export class CursorLoopError extends ScoutError {}

/** Ctrl-C. */
export class InterruptedError extends ScoutError {
  override readonly exitCode = 130;
}

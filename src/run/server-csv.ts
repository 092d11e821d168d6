/**
 * `--server-csv`: the explorer's own CSV export of a list, streamed to stdout as it arrives instead
 * of the list paged by scout (docs/api-behaviour.md, CSV exports).
 *
 * 1. `/api/v2/config/csv-export` says how many rows a file holds (`limit`), told on stderr with the
 *    window; an explorer without it still exports, its limit unknown.
 * 2. The export's own path: a synchronous explorer answers the file (200, `application/csv`); an
 *    asynchronous one answers 202 `{"request_id": uuid}`, polled at `/api/v2/csv-exports/{uuid}`
 *    every POLL_MS (a spinner on stderr says it is pending) until `completed` with a `file_id`, or
 *    `failed`, for at most MAX_POLLS polls (15 minutes); the file is then served at
 *    `/downloadFile?id=<file_id>` on the explorer's own host, as its web frontend links it.
 *
 * The file is the explorer's, printed as sent: piped or redirected, its bytes unchanged (its cells
 * are not neutralised as scout's own --csv neutralises formulas: it is the explorer's CSV). On a
 * terminal it goes through the safe-text path, each line with its control characters, escape
 * sequences and bidi overrides shown, never obeyed. A body that breaks off and is asked for again
 * continues where the output stopped, once the new answer's first bytes prove to be the same; a file
 * past --max-body is an error that says how much was printed.
 *
 * An explorer that wants a reCAPTCHA for its exports (403, or 429 once its few exports an hour are
 * spent) gets one line saying so (exit 4, or 5), and the way to scout's own CSV: `--all --csv`.
 */
import { createHash, type Hash } from 'node:crypto';
import { StringDecoder } from 'node:string_decoder';
import { type ExplorerClient, lacksEndpoint } from '../api/client.js';
import { CSV_EXPORT_CONFIG_PATH, CSV_FILE_PATH, type CsvExport, csvExportPath } from '../api/endpoints.js';
import type { BodyConsumer } from '../api/http.js';
import { describeBody } from '../api/body.js';
import { AuthError, InterruptedError, NotFoundError, RateLimitError, ResponseEnvelopeError, ResponseShapeError, ResponseTooLargeError, ScoutError, TimeoutError } from '../base/errors.js';
import type { Io } from '../base/io.js';
import { safeText } from '../base/text/safe.js';
import { formatSize } from '../base/validate.js';
import type { Invocation, Session } from '../kit/invocation.js';
import type { CsvPeriod } from '../kit/window-options.js';
import { groupDigits } from '../render/units.js';
import { commandText } from './output.js';
import { pause, transient } from './poll.js';
import { openProgress } from './progress.js';
import { MAX_FAILED_POLLS } from './wait.js';

/** Time between polls of an asynchronous export (the explorer's own page polls every 10 s). */
export const POLL_MS = 5_000;
/** Polls before giving up on an export still pending: 15 minutes at POLL_MS. */
export const MAX_POLLS = 180;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A file id of the explorer's file store (Gokapi: letters and digits). */
const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;
/** The most a JSON answer of an export (its request id, its status) may be. */
const MAX_JSON = 64 * 1024;

/** An export the explorer gave up on (`status: failed`), or one still pending after MAX_POLLS. */
export class ExportFailedError extends ScoutError {}

/** What the export's own request answered: the file (printed), or a request to poll. */
type Answer = { readonly kind: 'file'; readonly bytes: number; readonly rows: number } | { readonly kind: 'queued'; readonly id: string };

/** Runs `--server-csv`: `exported` is the spec's export of the checked input, `period` its window (exported.period). */
export async function runServerCsv(inv: Invocation, exported: CsvExport, period: CsvPeriod | undefined): Promise<void> {
  const s = await inv.session();
  const client = s.explorer();
  const params = period ? [...exported.params, ['from_period', period.from] as const, ['to_period', period.to] as const] : exported.params;
  const instead = `scout's own CSV, built page by page: ${commandText(['scout', ...inv.hint.head.filter((w) => w !== '--server-csv'), '--all', '--csv', ...inv.hint.tail])}`;
  const limit = await rowLimit(client);
  const window = period ? ` ${period.said}` : '';
  const most = limit === undefined ? '' : `; this explorer exports at most ${groupDigits(String(limit))} rows per file`;
  await s.io.err.write(`scout: the explorer's CSV of ${exported.what}${window}${most}\n`);

  const out = new CsvOut(s.io);
  let answer: Answer;
  try {
    answer = await client.stream(exported.path, params, `the CSV export of ${exported.what}`, out.consumer());
  } catch (e) {
    throw told(e, exported, instead, out);
  }
  if (answer.kind === 'queued') {
    const fileId = await awaitFile(s, inv, client, answer.id, exported.what, instead);
    try {
      answer = await client.stream(CSV_FILE_PATH, [['id', fileId]], `the CSV file of ${exported.what}`, out.consumer());
    } catch (e) {
      if (e instanceof NotFoundError) {
        throw new NotFoundError(`the CSV file of ${exported.what} is gone from ${new URL(client.baseUrl).origin}: the explorer lets it be downloaded once, for a limited time`, { hint: 'run the export again', cause: e });
      }
      throw told(e, exported, instead, out);
    }
    if (answer.kind === 'queued') throw new ResponseEnvelopeError(`unusable response from ${new URL(client.baseUrl).origin}: the export's file is another export request`);
  }
  await out.end();
  if (limit !== undefined && answer.rows >= limit) {
    await s.io.err.write(
      `scout: warning: the CSV holds ${groupDigits(String(answer.rows))} rows, this explorer's limit per file: more items may be in the window than it holds; narrow the window with --since/--until\n`,
    );
  }
}

/** `limit` of `/api/v2/config/csv-export`; undefined from an explorer without it or a body that says none. */
async function rowLimit(client: ExplorerClient): Promise<number | undefined> {
  let body: string;
  try {
    body = await client.getRaw(CSV_EXPORT_CONFIG_PATH, [], 'the CSV export settings');
  } catch (e) {
    if (lacksEndpoint(e)) return undefined;
    throw e;
  }
  const limit = (JSON.parse(body) as { limit?: unknown } | null)?.limit;
  return typeof limit === 'number' && Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
}

/** A failure of the export's request, told as what it means for an export. */
function told(e: unknown, exported: CsvExport, instead: string, out: CsvOut): unknown {
  if (e instanceof ResponseTooLargeError) {
    const cut = out.bytes > 0 ? `: the CSV printed is cut short after ${formatSize(out.bytes)}` : '';
    return new ResponseTooLargeError(`${e.message}${cut}`, { hint: 'raise --max-body (at most 500MiB), or narrow the window with --since/--until', cause: e });
  }
  if (e instanceof TimeoutError) {
    return new TimeoutError(e.message, { hint: 'the whole file must come within --timeout: raise it for a big export (--timeout 5m)', cause: e });
  }
  if (e instanceof AuthError && e.status === 403 && /recaptcha/i.test(e.message)) {
    return new AuthError(`the explorer wants a reCAPTCHA for its CSV exports, which scout cannot solve (HTTP 403)`, 403, { hint: instead, cause: e });
  }
  if (e instanceof RateLimitError) {
    return new RateLimitError(`${e.message}: explorers allow few CSV exports an hour (Blockscout 50), and past them ask for a reCAPTCHA`, { hint: `wait, or ${instead}`, cause: e });
  }
  if (lacksEndpoint(e)) {
    const why = e instanceof NotFoundError ? 'HTTP 404: an explorer without CSV exports, or an address it has never seen' : 'HTTP 400 Unknown API v2 action';
    return new NotFoundError(`no CSV export of ${exported.what} on this explorer (${why})`, { hint: instead, cause: e });
  }
  return e;
}

/** Polls an asynchronous export until its file is ready; the file's id. */
async function awaitFile(s: Session, inv: Invocation, client: ExplorerClient, id: string, what: string, instead: string): Promise<string> {
  const label = `${s.commandPath.join(' ')} · the explorer is preparing the CSV`;
  // Stdout is the file: the spinner shows on a terminal's stderr whatever stdout is.
  const progress = await openProgress(s.io, 'table', label, s.render.color, { waits: s.waits, long: true });
  const polled = client.uncached();
  const origin = new URL(client.baseUrl).origin;
  let failed = 0;
  try {
    for (let n = 1; n <= MAX_POLLS; n++) {
      await pause(s.io, POLL_MS, inv.env.signal);
      let body: string;
      try {
        body = await polled.getRaw(csvExportPath(id), [], `the CSV export ${id}`);
        failed = 0;
      } catch (e) {
        if (e instanceof NotFoundError) throw new NotFoundError(`${origin} no longer knows the CSV export ${id} of ${what}: it expired or was removed`, { hint: 'run the export again', cause: e });
        if (e instanceof InterruptedError || !transient(e) || ++failed >= MAX_FAILED_POLLS) throw e;
        continue;
      }
      const v = JSON.parse(body) as { status?: unknown; file_id?: unknown } | null;
      const status = v?.status;
      if (status === 'completed') {
        const fileId = v?.file_id;
        if (typeof fileId !== 'string' || !FILE_ID.test(fileId)) throw new ResponseEnvelopeError(`unusable response from ${origin}: the completed export ${id} names no usable file_id`);
        return fileId;
      }
      if (status === 'failed') throw new ExportFailedError(`the explorer's export of ${what} failed (request ${id})`, { hint: `try again later, or ${instead}` });
      if (status !== 'pending') throw new ResponseEnvelopeError(`unusable response from ${origin}: the export ${id} has status ${typeof status === 'string' ? safeText(JSON.stringify(status)).slice(0, 40) : 'none'}`);
      progress.update(`${label} · pending · ${Math.round((n * POLL_MS) / 1000)}s`);
    }
  } finally {
    progress.stop();
  }
  throw new ExportFailedError(`the explorer has not finished the export of ${what} after ${Math.round((MAX_POLLS * POLL_MS) / 60_000)} minutes (request ${id})`, { hint: `narrow the window, or ${instead}` });
}

/**
 * Where the explorer's file goes: stdout, as bytes piped or as safe lines on a terminal. What went
 * out is counted and hashed across attempts, so a body asked for again after a fault continues
 * where the output stopped, or fails if its beginning differs from what was printed.
 */
class CsvOut {
  /** Bytes printed so far, and their running hash. */
  bytes = 0;
  private readonly hash: Hash = createHash('sha256');
  /** CSV records ended so far (line breaks outside quotes), and whether the scan is inside quotes. */
  private records = 0;
  private quoted = false;
  private last = 0x0a;
  private readonly decoder = new StringDecoder('utf8');
  /** A carriage return held back until the next piece says whether a line feed follows it. */
  private carry = '';

  constructor(private readonly io: Pick<Io, 'out' | 'stdoutIsTTY'>) {}

  /** The consumer of one request's body: a JSON answer is a queued export; anything else the file. */
  consumer(): BodyConsumer<Answer> {
    return async (chunks, headers) => {
      const type = [headers['content-type']].flat()[0] ?? '';
      if (/json/i.test(type)) return queued(chunks, type);
      if (/html/i.test(type)) {
        let n = 0;
        for await (const c of chunks) n += c.length;
        throw new ResponseShapeError(`the explorer sent a web page, not CSV (${describeBody(type, n)})`);
      }
      await this.file(chunks);
      return { kind: 'file', bytes: this.bytes, rows: Math.max(this.records - 1, 0) };
    };
  }

  private async file(chunks: AsyncIterable<Buffer>): Promise<void> {
    // After a fault: the bytes already printed come again first, and must be the same.
    const again = this.bytes > 0 ? createHash('sha256') : undefined;
    let at = 0;
    const changed = () => new ResponseEnvelopeError('the CSV changed while it was read again after a fault; what was printed is the first answer’s beginning');
    for await (const chunk of chunks) {
      let c = chunk;
      if (again && at < this.bytes) {
        const n = Math.min(c.length, this.bytes - at);
        again.update(c.subarray(0, n));
        at += n;
        c = c.subarray(n);
        if (at === this.bytes && again.digest('hex') !== this.hash.copy().digest('hex')) throw changed();
        if (c.length === 0) continue;
      }
      at += c.length;
      this.bytes += c.length;
      this.hash.update(c);
      this.count(c);
      await this.print(c);
    }
    if (again && at < this.bytes) throw changed();
  }

  /** Counts records: line feeds outside quoted fields (RFC 4180 quotes by doubling). */
  private count(c: Buffer): void {
    for (const b of c) {
      if (b === 0x22) this.quoted = !this.quoted;
      else if (b === 0x0a && !this.quoted) this.records++;
      this.last = b;
    }
  }

  private async print(c: Buffer): Promise<void> {
    const out = this.io.out;
    if (!this.io.stdoutIsTTY) return out.writeBytes ? out.writeBytes(c) : out.write(this.decoder.write(c));
    let text = this.carry + this.decoder.write(c);
    this.carry = text.endsWith('\r') ? '\r' : '';
    if (this.carry) text = text.slice(0, -1);
    await out.write(terminalLines(text));
  }

  /** The end of the file: what the decoder held, and a last record without a line break. */
  async end(): Promise<void> {
    const rest = this.carry + this.decoder.end();
    if (rest) await this.io.out.write(this.io.stdoutIsTTY ? terminalLines(rest) : rest);
    if (this.bytes > 0 && this.last !== 0x0a) this.records++;
  }
}

/** CSV text for a terminal: line breaks kept (CRLF as LF), everything else unsafe made visible. */
function terminalLines(text: string): string {
  return text.replace(/\r\n/g, '\n').split('\n').map(safeText).join('\n');
}

/** A JSON answer of the export's request: `{"request_id": uuid}`, a queued asynchronous export. */
async function queued(chunks: AsyncIterable<Buffer>, type: string): Promise<Answer> {
  const kept: Buffer[] = [];
  let n = 0;
  for await (const c of chunks) {
    n += c.length;
    if (n <= MAX_JSON) kept.push(c);
  }
  if (n > MAX_JSON) throw new ResponseEnvelopeError(`the explorer answered the export with JSON, not CSV (${describeBody(type, n)})`);
  let v: unknown;
  try {
    v = JSON.parse(Buffer.concat(kept).toString('utf8'));
  } catch {
    throw new ResponseShapeError(`the explorer answered the export with broken JSON (${describeBody(type, n)})`);
  }
  const id = (v as { request_id?: unknown } | null)?.request_id;
  if (typeof id !== 'string' || !UUID.test(id)) throw new ResponseEnvelopeError('the explorer answered the export with JSON that holds no request_id');
  return { kind: 'queued', id: id.toLowerCase() };
}

/**
 * Batches: `-` for a command's address, hash or block reads one value per line from stdin and runs
 * the command once per value. Every line is checked before any request (a bad one is a usage error
 * naming its line; names are normalised too), then the values run a few at a time in ONE session
 * (one HTTP layer: its connections, retries and rate limits are shared), each writing to an Io of
 * its own whose output waits until the values before it are printed (the ordered runner, many.ts):
 * output streams in input order as values finish, and only the values in flight are held in memory,
 * within the runner's one budget, never the whole input's output.
 *
 * Output keeps input order: NDJSON lines as each value prints them; `--json` one array (an object
 * command's documents as sent, a list command's items of every value, in order); on a terminal,
 * tables one after another under a heading per value; piped, lines `cut` can read, the value as the
 * first field of each (as `--chains` puts the chain first); CSV with one header row and an `input`
 * column first. A value that fails is reported on
 * stderr with its line and the others go on; the exit status is the worst seen (EXIT_SEVERITY in many.ts).
 *
 * With `--chains` too, each value runs over every chain (fanout.ts), its rows and objects labelled
 * with its chain and its input.
 */
import { InterruptedError, ScoutError, UsageError } from '../base/errors.js';
import type { Io, Writer } from '../base/io.js';
import { ClosedPipeError, OutputError } from '../base/node-io.js';
import { JsonArrayWriter, paintJson } from '../render/json.js';
import { safeText } from '../base/text/safe.js';
import { withoutBom } from '../base/text/bom.js';
import { NameRef } from '../base/validate.js';
import type { PageOptions } from '../kit/page-options.js';
import type { CommandLine, HintWord, Invocation } from '../kit/invocation.js';
import type { ArgSpec } from '../kit/spec.js';
import { csvField } from '../render/csv.js';
import { flat } from '../render/key-value.js';
import { groupDigits } from '../render/units.js';
import { openProgress, silentProgress } from './progress.js';
import { blockHeading, exitCodeOf, inOrder, RunFailedError, runFailed, type Waiting, WAITING_OUTPUT_BYTES, WaitingOutput, worse } from './many.js';

/** One line of stdin that holds a value. */
export interface BatchLine {
  readonly line: number;
  readonly text: string;
}

/**
 * The longest line of stdin a batch reads, in characters: no value (an address, a hash, a block, a
 * name) comes near it, and a line that never ends must not be held in memory whole.
 */
export const BATCH_LINE_MAX = 4096;

/**
 * The lines of stdin holding values: trimmed, blank lines and `#` comments left out. Each chunk is
 * scanned once for its line breaks (a line split across chunks is joined once it ends), so reading
 * is linear in the input; a line longer than BATCH_LINE_MAX is a usage error naming it, raised as
 * soon as it is that long, before the rest of it is read.
 */
export async function readBatchLines(io: Io, signal?: AbortSignal): Promise<BatchLine[]> {
  if (!io.stdin) throw new UsageError('- reads values from stdin, and there is none here');
  const lines: BatchLine[] = [];
  const decoder = new TextDecoder('utf-8', { fatal: false });
  // The line being read: its pieces so far and their length.
  let pieces: string[] = [];
  let length = 0;
  let n = 0;
  const tooLong = () =>
    new UsageError(`line ${n + 1}: longer than ${BATCH_LINE_MAX} characters; no value is that long`, {
      hint: 'nothing was sent; - reads one address, hash, block or name a line',
    });
  const add = (piece: string) => {
    if (piece === '') return;
    length += piece.length;
    // A CR before the break is not counted against the limit.
    if (length > BATCH_LINE_MAX + 1) throw tooLong();
    pieces.push(piece);
  };
  const take = () => {
    let text = pieces.length === 1 ? pieces[0]! : pieces.join('');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    if (text.length > BATCH_LINE_MAX) throw tooLong();
    n++;
    pieces = [];
    length = 0;
    if (n === 1) text = withoutBom(text);
    text = text.trim();
    if (text !== '' && !text.startsWith('#')) lines.push({ line: n, text });
  };
  const scan = (chunk: string) => {
    let from = 0;
    for (let at = chunk.indexOf('\n'); at !== -1; at = chunk.indexOf('\n', from)) {
      add(chunk.slice(from, at));
      take();
      from = at + 1;
    }
    add(chunk.slice(from));
  };
  for await (const chunk of io.stdin()) {
    if (signal?.aborted) throw new InterruptedError('interrupted');
    scan(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
  }
  scan(decoder.decode());
  if (pieces.length > 0) take();
  return lines;
}

/** A value as a heading or a message shows it: safe text, cut short. */
function shown(text: string): string {
  return safeText(text.length > 80 ? text.slice(0, 80) + '…' : text);
}

/**
 * A value's table output under its `==> value <==` heading, the heading written first when the value
 * first writes, or when it ends without writing (`ensure`): a value that fails before writing
 * anything gets no heading, as `head` gives none to a file it cannot open (its error is on stderr).
 */
class Headed implements Writer {
  private done = false;
  constructor(
    private readonly out: Writer,
    private readonly heading: () => string,
  ) {}
  async ensure(): Promise<void> {
    if (this.done) return;
    this.done = true;
    await this.out.write(this.heading());
  }
  async write(chunk: string): Promise<void> {
    await this.ensure();
    return this.out.write(chunk);
  }
}

/** Splits what a value prints into lines (one JSON document or item each) for the batch's array. */
class LinesInto implements Writer {
  private carry = '';
  constructor(private readonly into: (lines: string[]) => Promise<void>) {}
  async write(chunk: string): Promise<void> {
    const parts = (this.carry + chunk).split('\n');
    this.carry = parts.pop() ?? '';
    const lines = parts.filter((l) => l !== '');
    if (lines.length) await this.into(lines);
  }
  async end(): Promise<void> {
    if (this.carry !== '') await this.into([this.carry]);
    this.carry = '';
  }
}

/** Drops a value's CSV header row when it repeats the first value's: one header for the batch. */
class CsvHeaderOnce implements Writer {
  private first = true;
  private head = '';
  constructor(
    private readonly out: Writer,
    private readonly seen: { header?: string },
  ) {}
  async write(chunk: string): Promise<void> {
    if (!this.first) return this.out.write(chunk);
    this.head += chunk;
    const nl = this.head.indexOf('\n');
    if (nl < 0) return;
    this.first = false;
    const header = this.head.slice(0, nl + 1);
    const rest = this.head.slice(nl + 1);
    this.head = '';
    const repeated = this.seen.header === header;
    this.seen.header ??= header;
    await this.out.write(repeated ? rest : header + rest);
  }
}

/**
 * Puts a value's field first on every line it prints (piped lines) or every CSV record (the header
 * record gets `input`, once for the batch). A CSV record ends at a line break outside quotes: a
 * quoted field may hold one.
 */
class InputField implements Writer {
  /** At the start of a record; inside quotes (CSV). */
  private fresh = true;
  private quoted = false;
  constructor(
    private readonly out: Writer,
    private readonly value: string,
    private readonly csv: { header: boolean } | undefined,
  ) {}
  async write(chunk: string): Promise<void> {
    let s = '';
    for (let from = 0; from < chunk.length; ) {
      if (this.fresh) {
        this.fresh = false;
        if (!this.csv) s += `${flat(this.value)}\t`;
        else if (this.csv.header) s += `${csvField(this.value)},`;
        else {
          this.csv.header = true;
          s += 'input,';
        }
      }
      let at = from;
      for (; at < chunk.length; at++) {
        const c = chunk[at];
        if (c === '"' && this.csv) this.quoted = !this.quoted;
        else if (c === '\n' && !this.quoted) break;
      }
      s += chunk.slice(from, at + 1);
      if (at < chunk.length) this.fresh = true;
      from = at + 1;
    }
    await this.out.write(s);
  }
}

/** What a batch runs: the command once per value, with the input it was given for the rest. */
export interface BatchJob {
  readonly inv: Invocation;
  /** The checked input, the batch argument left out. */
  readonly input: Record<string, unknown>;
  /** The input key of the argument that was `-`. */
  readonly key: string;
  readonly arg: ArgSpec<unknown>;
  /**
   * What `--json` gathers from each value: the document it prints (an object command), or the
   * items it prints one a line (a list, or anything over `--chains`).
   */
  readonly json: 'documents' | 'items';
  /**
   * Piped lines and CSV records carry the value: as their first field (`first`, one axis), or
   * already in their rows (after the chain, over `--chains`). Tables on a terminal are under a
   * heading per value either way.
   */
  readonly inputField: 'first' | 'rows';
  readonly concurrency: number;
  /** The budget of waiting output, when the values' own runs share it (over chains); else one of its own. */
  readonly budget?: WaitingOutput | undefined;
  /** Runs the command for one value, its input complete. */
  run(inv: Invocation, input: Record<string, unknown>, value: BatchLine): Promise<void>;
  /** After the last value, before the summary: failures told once for the whole batch. */
  end?(values: number): Promise<void>;
}

/** The hint of one value: the command line with the value where `-` was. */
function hintFor(hint: CommandLine, text: string): CommandLine {
  const put = (words: readonly HintWord[]) => words.map((w) => (w === '-' ? text : w));
  return { head: put(hint.head), tail: put(hint.tail) };
}

/** A value checked: its line and its parsed input (a name still to resolve). */
interface Checked {
  readonly line: number;
  readonly text: string;
  readonly value: unknown;
  /** Normalised names of the input, resolved when the value runs. */
  readonly names: (readonly [string, NameRef<unknown>, string])[];
}

/** Every line checked before any request; bad ones reported with their line numbers (exit 2). */
async function check(job: BatchJob, lines: readonly BatchLine[]): Promise<Checked[]> {
  const bad: string[] = [];
  const out: Checked[] = [];
  let normaliseName: ((ref: NameRef<unknown>) => Promise<string>) | undefined;
  for (const { line, text } of lines) {
    try {
      const value = job.arg.parse(text);
      const input = { ...job.input, [job.key]: value };
      const names: (readonly [string, NameRef<unknown>, string])[] = [];
      for (const [k, v] of Object.entries(input)) {
        if (!(v instanceof NameRef)) continue;
        normaliseName ??= (await import('./names.js')).normaliseName;
        names.push([k, v, await normaliseName(v)]);
      }
      out.push({ line, text, value, names });
    } catch (e) {
      if (!(e instanceof UsageError)) throw e;
      bad.push(`line ${line}: ${e.message}`);
    }
  }
  if (bad.length === 0) return out;
  const shownBad = bad.slice(0, 10);
  for (const b of shownBad.slice(0, -1)) await job.inv.env.io.err.write(`scout: ${b}\n`);
  const more = bad.length - shownBad.length;
  throw new UsageError(shownBad[shownBad.length - 1]! + (more > 0 ? ` (and ${more} more bad ${more === 1 ? 'line' : 'lines'})` : ''), {
    hint: 'nothing was sent; fix the lines named above (blank lines and lines starting with # are skipped)',
  });
}

/** Runs the batch: reads stdin, checks every line, then looks the values up in input order. */
export async function runBatch(job: BatchJob): Promise<void> {
  const { inv } = job;
  const io = inv.env.io;
  const signal = inv.env.signal;
  if (inv.output.cursorRead) throw new UsageError('--cursor resumes one list; it does not go with - (values from stdin)');
  const values = await check(job, await readBatchLines(io, signal));

  const { mode, jq } = inv.output;
  // What each value prints in: JSON documents or items, one a line, which the batch gathers into
  // its array; with --jq each value's own document goes through the filter and prints as it says.
  const childMode: PageOptions['mode'] = mode === 'json' && !jq ? (job.json === 'documents' ? 'json' : 'ndjson') : mode;
  const childOutput: PageOptions = { ...inv.output, mode: childMode, cursor: undefined, cursorRead: undefined };
  const parent = await inv.session();
  const jsonArray = mode === 'json' && !jq ? new JsonArrayWriter(io.out, io.stdoutIsTTY, parent.render) : undefined;
  const headings = mode === 'table' && parent.render.tty;
  // Piped lines and CSV records of one axis: the value first.
  const inputFirst = job.inputField === 'first' && ((mode === 'table' && !headings) || mode === 'csv');
  const csvSeen: { header?: string } = {};
  const csvInput = mode === 'csv' ? { header: false } : undefined;

  // What a value prints, to stdout or stderr, in the order it printed it.
  type Chunk = { readonly err: boolean; readonly text: string };
  const runValue = async (v: Checked, out: Waiting<Chunk>): Promise<void> => {
    const writer = (err: boolean): Writer => ({ write: (text) => out.push({ err, text }, text.length) });
    const held: Io = { ...io, out: writer(false), err: writer(true), stderrIsTTY: false, stdoutIsTTY: childMode === 'table' ? io.stdoutIsTTY : false };
    // JSON a value prints is gathered as text (the batch's array): never painted on the way.
    const render = childMode === 'table' ? parent.render : { ...parent.render, color: false };
    const session = { ...parent, io: held, render, commandPath: inv.path, jq: inv.output.jq };
    const childInv: Invocation = { ...inv, env: { ...inv.env, io: held }, output: childOutput, hint: hintFor(inv.hint, v.text), session: async () => session };
    const input: Record<string, unknown> = { ...job.input, [job.key]: v.value };
    if (v.names.length) {
      const { resolveNames } = await import('./names.js');
      const resolved = await resolveNames(session, v.names.map(([, ref, name]) => [ref, name] as const));
      for (const [k, ref] of v.names) input[k] = ref.finish(resolved.get(ref)!);
    }
    await job.run(childInv, input, { line: v.line, text: v.text });
  };

  let worst = 0;
  let headingsShown = 0;
  const failed: number[] = [];
  const budget = job.budget ?? new WaitingOutput(io.waitingOutputBytes ?? WAITING_OUTPUT_BYTES);
  const window = Math.max(job.concurrency * 4, 16);
  // Piped, the batch's progress on a terminal's stderr (on a terminal its output shows how far it is).
  const count = (done: number) => `${inv.path.join(' ')} · ${groupDigits(String(done))} of ${groupDigits(String(values.length))} values`;
  const progress = io.stdoutIsTTY ? silentProgress : await openProgress(io, mode, count(0), parent.render.color, { waits: parent.waits, long: true });
  // What goes to stderr clears the progress line first.
  const err: Writer = {
    write: async (t) => {
      progress.clear?.();
      await io.err.write(t);
    },
  };
  let done = 0;
  try {
    for await (const { task: v, out } of inOrder({ tasks: values, concurrency: job.concurrency, window, budget, signal, work: runValue })) {
      const headed = headings ? new Headed(io.out, () => blockHeading(`==> ${shown(v.text)} <==`, headingsShown++ === 0, parent.render)) : undefined;
      // NDJSON on a terminal is painted here, a whole line at a time (a value prints it unpainted).
      const painted = mode === 'ndjson' && !jq && parent.render.color;
      const lines = jsonArray
        ? new LinesInto((ls) => jsonArray.write(ls, true))
        : painted
          ? new LinesInto(async (ls) => io.out.write(await paintJson(ls.join('\n') + '\n', parent.render)))
          : undefined;
      const out1: Writer = inputFirst ? new InputField(io.out, v.text, csvInput) : io.out;
      const target: Writer = lines ?? headed ?? (mode === 'csv' ? new CsvHeaderOnce(out1, csvSeen) : out1);
      // What the value itself says on stderr ("no items", a warning) comes after its heading.
      const errTarget: Writer = headed ? { write: async (t) => (await headed.ensure(), err.write(t)) } : err;
      for await (const c of out.drain()) await (c.err ? errTarget : target).write(c.text);
      await lines?.end();
      progress.update(count(++done));
      const e = out.error;
      // A value that printed nothing but did not fail (an empty list) still gets its heading.
      if (e === undefined) {
        await headed?.ensure();
        continue;
      }
      // Output that cannot be written ends the batch: no other value could print either.
      if (e instanceof ClosedPipeError || e instanceof OutputError) throw e;
      if (e instanceof InterruptedError || signal?.aborted) {
        worst = worse(worst, 130);
        break;
      }
      worst = worse(worst, exitCodeOf(e));
      failed.push(v.line);
      // A value whose failures are told at the end (chains failing alike on every value) says nothing now.
      if (e instanceof RunFailedError && e.toldLater) continue;
      const message = e instanceof ScoutError ? e.message : `unexpected error: ${e instanceof Error ? e.message : String(e)}`;
      await err.write(`scout: line ${v.line}: ${message}\n`);
    }
  } finally {
    progress.stop();
  }
  if (jsonArray) await jsonArray.end();
  if (signal?.aborted || worst === 130) throw new InterruptedError('interrupted');
  await job.end?.(values.length);
  if (worst !== 0) {
    const lines = failed.length > 10 ? `${failed.slice(0, 10).join(', ')}, …` : failed.join(', ');
    throw runFailed(failed.length, values.length, ['value', 'values'], ` (${failed.length === 1 ? 'line' : 'lines'} ${lines})`, worst);
  }
}

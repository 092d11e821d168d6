/**
 * A strict JSON scanner that reads bytes as they arrive, for bodies too big to hold twice.
 *
 * In list mode it cuts a list body `{"items": [...], "next_page_params": ...}` into each item's exact
 * text as soon as the item's last byte has arrived, and keeps the raw text of `next_page_params`,
 * wherever in the object either member stands. It holds at most the item being read (its bytes from
 * earlier chunks, copied) and the chunk in hand: never the page. In document mode it only checks the
 * body and says whether it is compact (no whitespace outside strings between its first and last
 * byte), so a compact body can be printed as it came.
 *
 * Nothing recurses and containers are tracked with a byte stack, so an item nested 100,000 levels
 * deep costs its size. The grammar is JSON's (RFC 8259): what JSON.parse rejects, this rejects. Its
 * rules (whitespace, strings and escapes, numbers, literals, the words of its errors) are grammar.ts's,
 * the ones the string slicer (lossless.ts) follows; this file adds the walk over bytes, UTF-8, captures.
 */
import { isUnsafeCodePoint } from '../text/safe.js';
import {
  BAD_LITERAL,
  CONTROL_IN_STRING,
  ESC_BACKSLASH,
  ESC_BAD,
  ESC_NONE,
  escapeError,
  escapeStep,
  closerOf,
  isDigit,
  isWs,
  jsonError,
  literalOf,
  N_BAD,
  numberCanEnd,
  numberError,
  numberStart,
  numberStep,
  TRAILING,
  WANT_COLON,
  WANT_KEY,
  WANT_MORE_ELEMENTS,
  WANT_MORE_MEMBERS,
  WANT_VALUE,
} from './grammar.js';

// Scanner states.
const VALUE = 0; // a value is expected (after ':' or ',' in an array, or at the top)
const OBJ_FIRST = 1; // after '{': a key or '}'
const OBJ_KEY = 2; // after ',' in an object: a key
const COLON = 3; // after a key
const AFTER = 4; // after a value: ',' or a closer (or the end at the top)
const ARR_FIRST = 5; // after '[': a value or ']'
const STR = 6; // inside a string
const NUM = 7; // inside a number
const LIT = 8; // inside true/false/null
const DONE = 9; // the top value is complete

// What the current capture is.
const CAP_NONE = 0;
const CAP_ITEM = 1;
const CAP_NEXT = 2;
const CAP_KEY = 3;

/** On the stack of open containers, each is the closer it wants (grammar.ts closerOf): an object's. */
const OPEN_OBJ = closerOf(0x7b);

/** What a list body held besides its items, once it has ended. */
export interface ListTail {
  /** The top value is an object. */
  object: boolean;
  /** How many `items` members it had, and whether the (last) one was an array. */
  itemsMembers: number;
  itemsArray: boolean;
  /** The raw text of the (last) `next_page_params` member; undefined when there is none. */
  nextRaw: string | undefined;
  /** Bytes read. */
  bytes: number;
}

/** Code points lossless.ts escapeUnsafe writes as \u escapes (those at or past U+0080): text/safe.ts's set. */
function isUnsafe(cp: number): boolean {
  return cp >= 0x80 && isUnsafeCodePoint(cp);
}

export class JsonStreamScanner {
  private state = VALUE;
  /** Open containers, innermost last, as the closer each wants. */
  private stack = new Uint8Array(64);
  private depth = 0;
  /** Inside a string: the escape being read (grammar.ts escapeStep). */
  private esc = ESC_NONE;
  /** The string being read is a key. */
  private strIsKey = false;
  /** Inside a number: its state (grammar.ts numberStep). */
  private num = 0;
  private lit = 'null';
  private litAt = 0;
  private bytesRead = 0;

  // Capturing.
  private cap = CAP_NONE;
  /** Depth at which the captured value started (the depth of its container). */
  private capDepth = 0;
  /** Bytes of the captured value from earlier chunks, copied. */
  private pieces: Buffer[] = [];
  private piecesBytes = 0;
  private capCompact = true;

  // The list's shape.
  private key: string | undefined;
  private inItems = false;
  private tail: ListTail = { object: false, itemsMembers: 0, itemsArray: false, nextRaw: undefined, bytes: 0 };

  // UTF-8 inside strings: continuation bytes still wanted, the code point so far, and the range
  // the next byte must fall in (narrower after E0, ED, F0, F4).
  private utfNeed = 0;
  private utfCp = 0;
  private utfLo = 0x80;
  private utfHi = 0xbf;
  private invalidUtf8 = false;
  private unsafeChars = false;

  /** Whitespace seen outside strings between the first and last byte of the top value. */
  private innerWs = false;
  private pendingWs = false;

  /** The most bytes copied and held at once, between chunks, for a value not yet complete (for tests). */
  maxHeld = 0;
  /** Every item returned by the last push() holds no whitespace outside its strings. */
  batchCompact = true;

  /**
   * `list`: cut items out of a list body. Otherwise only check the body, noting (as for a list) the
   * kind of its `items` member and the text of its `next_page_params`, if it is an object with them.
   */
  constructor(private readonly list: boolean) {}

  /** Bytes held now for a value not yet complete. */
  get held(): number {
    return this.piecesBytes;
  }

  /**
   * Every string's bytes are valid UTF-8 and none of its characters is one a terminal must not get
   * raw (lossless.ts escapeUnsafe): the bytes print as they came.
   */
  get plain(): boolean {
    return !this.invalidUtf8 && !this.unsafeChars;
  }

  /** The strings' bytes are valid UTF-8 (decoding any part of the body needs no replacement). */
  get validUtf8(): boolean {
    return !this.invalidUtf8;
  }

  /** A byte at or past 0x7f inside a string: one step of UTF-8 decoding, noting what is not plain. */
  private utf8(b: number): void {
    if (this.utfNeed > 0) {
      if (b < this.utfLo || b > this.utfHi) {
        // Not the continuation wanted: the sequence is invalid, and this byte starts afresh.
        this.invalidUtf8 = true;
        this.utfNeed = 0;
        if (b >= 0x80) this.utf8(b);
        return;
      }
      this.utfCp = (this.utfCp << 6) | (b & 0x3f);
      this.utfLo = 0x80;
      this.utfHi = 0xbf;
      if (--this.utfNeed === 0 && isUnsafe(this.utfCp)) this.unsafeChars = true;
      return;
    }
    if (b === 0x7f) {
      this.unsafeChars = true;
    } else if (b >= 0xc2 && b <= 0xdf) {
      this.utfNeed = 1;
      this.utfCp = b & 0x1f;
    } else if (b >= 0xe0 && b <= 0xef) {
      this.utfNeed = 2;
      this.utfCp = b & 0x0f;
      if (b === 0xe0) this.utfLo = 0xa0;
      if (b === 0xed) this.utfHi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      this.utfNeed = 3;
      this.utfCp = b & 0x07;
      if (b === 0xf0) this.utfLo = 0x90;
      if (b === 0xf4) this.utfHi = 0x8f;
    } else {
      this.invalidUtf8 = true;
    }
  }

  /** The whole body held whitespace outside strings (other than before and after the value). */
  get compact(): boolean {
    return !this.innerWs;
  }

  private fail(what: string, at?: number): never {
    throw jsonError(what, at);
  }

  private push1(kind: number): void {
    if (this.depth === this.stack.length) {
      const bigger = new Uint8Array(this.stack.length * 2);
      bigger.set(this.stack);
      this.stack = bigger;
    }
    this.stack[this.depth++] = kind;
  }

  /** A value begins at `i` of `chunk`, at the current depth. */
  private begin(i: number, c: number): void {
    const d = this.depth;
    if (d === 0) {
      this.tail.object = c === 0x7b;
    } else if (d === 1 && this.stack[0] === OPEN_OBJ) {
      if (this.key === 'items') {
        this.tail.itemsMembers++;
        this.tail.itemsArray = c === 0x5b;
        this.inItems = this.list && c === 0x5b;
      } else if (this.key === 'next_page_params') {
        this.startCapture(CAP_NEXT, i);
      }
    } else if (d === 2 && this.inItems) {
      this.startCapture(CAP_ITEM, i);
    }
  }

  private startCapture(kind: number, i: number): void {
    this.cap = kind;
    this.capDepth = this.depth;
    this.capStart = i;
    this.capCompact = true;
  }

  private capStart = 0;

  /** The captured value ends just before `end` of `chunk`. */
  private finish(chunk: Buffer, end: number, out: string[]): void {
    let text: string;
    if (this.pieces.length) {
      this.pieces.push(chunk.subarray(this.capStart, end));
      text = Buffer.concat(this.pieces).toString('utf8');
      this.pieces = [];
      this.piecesBytes = 0;
    } else {
      text = chunk.toString('utf8', this.capStart, end);
    }
    const kind = this.cap;
    this.cap = CAP_NONE;
    if (kind === CAP_ITEM) {
      out.push(text);
      if (!this.capCompact) this.batchCompact = false;
    } else if (kind === CAP_NEXT) {
      this.tail.nextRaw = text;
    } else {
      this.key = JSON.parse(text) as string;
    }
  }

  /** A value just ended at `end` (exclusive); `chunk` holds its last byte. */
  private ended(chunk: Buffer, end: number, out: string[]): void {
    if (this.cap !== CAP_NONE && this.cap !== CAP_KEY && this.depth === this.capDepth) this.finish(chunk, end, out);
    if (this.depth === 0) this.state = DONE;
    else this.state = AFTER;
    if (this.depth === 1 && this.inItems) this.inItems = false;
  }

  /**
   * Reads the next chunk of the body. Returns the items completed in it (list mode), in order;
   * throws RawJsonError at the first byte that cannot belong to a JSON value.
   */
  push(chunk: Buffer): string[] {
    const out: string[] = [];
    this.batchCompact = true;
    let i = 0;
    const n = chunk.length;
    // A leading UTF-8 BOM is dropped, as the text decoder does.
    if (this.bytesRead === 0 && n >= 3 && chunk[0] === 0xef && chunk[1] === 0xbb && chunk[2] === 0xbf) i = 3;
    const base = this.bytesRead;
    this.bytesRead += n;
    outer: while (i < n) {
      const c = chunk[i]!;
      switch (this.state) {
        case STR: {
          // The hot loop: skip plain string bytes.
          if (this.esc === 0) {
            while (i < n) {
              const b = chunk[i]!;
              // grammar.ts stopsString(b), spelt out (a call or a table here costs some 10%), and the
              // bytes at or past 0x7f: UTF-8 to check, DEL to note. json-grammar.test.ts holds them equal.
              if (b === 0x22 || b === 0x5c || b < 0x20 || b >= 0x7f) break;
              i++;
            }
            if (i === n) break outer;
            const b = chunk[i]!;
            if (b >= 0x7f) {
              this.utf8(b);
              i++;
              continue;
            }
            if (this.utfNeed > 0) {
              // A sequence cut short by an ASCII byte.
              this.invalidUtf8 = true;
              this.utfNeed = 0;
            }
            if (b === 0x22) {
              i++;
              if (this.strIsKey) {
                if (this.cap === CAP_KEY) this.finish(chunk, i, out);
                this.state = COLON;
              } else this.ended(chunk, i, out);
              continue;
            }
            if (b === 0x5c) {
              this.esc = ESC_BACKSLASH;
              i++;
              continue;
            }
            this.fail(CONTROL_IN_STRING, base + i);
          }
          const esc = escapeStep(this.esc, c);
          if (esc === ESC_BAD) this.fail(escapeError(this.esc), base + i);
          this.esc = esc;
          i++;
          continue;
        }
        case NUM: {
          // Read on to the number's end (or the chunk's).
          let num = this.num;
          let s = numberStep(num, c);
          while (s >= 0) {
            num = s;
            if (++i === n) break;
            s = numberStep(num, chunk[i]!);
          }
          this.num = num;
          if (i === n) break outer;
          if (s === N_BAD || !numberCanEnd(num)) this.fail(numberError(s), base + i);
          // The number ended before this byte, which is read again in the next state.
          this.ended(chunk, i, out);
          continue;
        }
        case LIT: {
          if (c !== this.lit.charCodeAt(this.litAt)) this.fail(BAD_LITERAL, base + i);
          i++;
          if (++this.litAt === this.lit.length) this.ended(chunk, i, out);
          continue;
        }
        default:
          break;
      }
      if (isWs(c)) {
        if (this.state !== DONE && !(this.state === VALUE && this.depth === 0)) this.pendingWs = true;
        if (this.cap !== CAP_NONE) this.capCompact = false;
        i++;
        continue;
      }
      if (this.pendingWs) this.innerWs = true;
      switch (this.state) {
        case VALUE:
        case ARR_FIRST: {
          if (c === 0x5d && this.state === ARR_FIRST) {
            this.depth--;
            this.ended(chunk, i + 1, out);
            i++;
            continue;
          }
          this.begin(i, c);
          const closer = closerOf(c);
          if (closer) {
            this.push1(closer);
            this.state = c === 0x7b ? OBJ_FIRST : ARR_FIRST;
          } else if (c === 0x22) {
            this.state = STR;
            this.strIsKey = false;
            this.esc = ESC_NONE;
          } else if (c === 0x2d || isDigit(c)) {
            this.state = NUM;
            this.num = numberStart(c);
          } else {
            const lit = literalOf(c);
            if (lit === undefined) this.fail(WANT_VALUE, base + i);
            this.state = LIT;
            this.lit = lit;
            this.litAt = 1;
          }
          i++;
          continue;
        }
        case OBJ_FIRST:
        case OBJ_KEY: {
          if (c === 0x7d && this.state === OBJ_FIRST) {
            this.depth--;
            this.ended(chunk, i + 1, out);
            i++;
            continue;
          }
          if (c !== 0x22) this.fail(WANT_KEY, base + i);
          this.state = STR;
          this.strIsKey = true;
          this.esc = ESC_NONE;
          if (this.depth === 1 && this.cap === CAP_NONE) {
            this.key = undefined;
            this.startCapture(CAP_KEY, i);
          }
          i++;
          continue;
        }
        case COLON: {
          if (c !== 0x3a) this.fail(WANT_COLON, base + i);
          this.state = VALUE;
          i++;
          continue;
        }
        case AFTER: {
          const top = this.stack[this.depth - 1];
          if (c === 0x2c) {
            this.state = top === OPEN_OBJ ? OBJ_KEY : VALUE;
            i++;
            continue;
          }
          if (c === top) {
            this.depth--;
            i++;
            this.ended(chunk, i, out);
            continue;
          }
          this.fail(top === OPEN_OBJ ? WANT_MORE_MEMBERS : WANT_MORE_ELEMENTS, base + i);
        }
        // falls through: fail never returns
        case DONE:
          this.fail(TRAILING, base + i);
      }
    }
    // The captured value goes on past this chunk: keep a copy of its bytes so far, not the chunk.
    if (this.cap !== CAP_NONE) {
      if (this.capStart < n) {
        const piece = Buffer.from(chunk.subarray(this.capStart, n));
        this.pieces.push(piece);
        this.piecesBytes += piece.length;
      }
      this.capStart = 0;
      if (this.piecesBytes > this.maxHeld) this.maxHeld = this.piecesBytes;
    }
    return out;
  }

  /** The body has ended: throws RawJsonError unless it was exactly one JSON value. Returns its shape. */
  end(): ListTail {
    const out: string[] = [];
    if (this.state === NUM && this.depth === 0 && numberCanEnd(this.num)) this.ended(Buffer.alloc(0), 0, out);
    if (this.state !== DONE) this.fail(this.bytesRead === 0 ? 'an empty body' : 'a truncated body');
    return { ...this.tail, bytes: this.bytesRead };
  }
}

/** Checks a whole body at once (document mode); says whether it is compact, and its list shape. */
export function scanDocument(body: Buffer): ListTail & { compact: boolean; plain: boolean; validUtf8: boolean } {
  const s = new JsonStreamScanner(false);
  s.push(body);
  return { ...s.end(), compact: s.compact, plain: s.plain, validUtf8: s.validUtf8 };
}

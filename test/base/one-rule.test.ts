/**
 * One of each rule (issue 21): the one BOM strip (text/bom.ts) and the one key check (validate.ts),
 * which the config file, the HTTP layer, the response cache and both clients share.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/base/errors.js';
import { utf8Text, withoutBom } from '../../src/base/text/bom.js';
import { checkKey } from '../../src/base/validate.js';

describe('withoutBom and utf8Text', () => {
  it.each([
    ['\ufeff{"a":1}', '{"a":1}'],
    ['{"a":1}', '{"a":1}'],
    ['\ufeff\ufeff1', '\ufeff1'],
    ['1\ufeff', '1\ufeff'],
    ['\ufeff', ''],
    ['', ''],
  ])('%j → %j, from text and from its UTF-8 bytes', (text, want) => {
    expect(withoutBom(text)).toBe(want);
    expect(utf8Text(Buffer.from(text, 'utf8'))).toBe(want);
  });

  it('a BOM written as bytes is dropped; bytes that only start like one are kept (replaced)', () => {
    expect(utf8Text(Buffer.from([0xef, 0xbb, 0xbf, 0x31]))).toBe('1');
    expect(utf8Text(Buffer.from([0xef, 0xbb, 0x31]))).toBe('\ufffd1');
    expect(utf8Text(Buffer.alloc(0))).toBe('');
  });
});

describe('checkKey', () => {
  it.each([undefined, '', 'abc-123', 'k\u00e9y', ' spaced key '])('%j goes into a header', (key) => {
    expect(() => checkKey(key, 'explorer key')).not.toThrow();
  });

  it.each([
    ['ab\ncd', 'invalid admin key (--api-key): character 3 is a control character; a key is sent in an HTTP header'],
    ['\u001b[2J', 'invalid admin key (--api-key): character 1 is a control character; a key is sent in an HTTP header'],
    ['k\u0085', 'invalid admin key (--api-key): character 2 is a control character; a key is sent in an HTTP header'],
    ['😀key', 'invalid admin key (--api-key): character 1 is outside Latin-1; a key is sent in an HTTP header'],
    ['\ufeffkey', 'invalid admin key (--api-key): character 1 is outside Latin-1; a key is sent in an HTTP header'],
  ])('%j is refused, naming the position and never the key', (key, message) => {
    let error: unknown;
    try {
      checkKey(key, 'admin key (--api-key)');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toBe(message);
  });
});

/**
 * The one check every URL passes before it is printed as a web page or handed to a browser, and
 * every explorer URL from the chain registry (README, Security): http(s) only, no credentials,
 * nothing a shell reads (the `open` package hands a URL to PowerShell in a double-quoted string on
 * Windows and WSL, upstream issue open#323), a plain host, and a strictly encoded path.
 */
import { describe, expect, it } from 'vitest';
import { pageUrl } from '../../src/run/web.js';
import { registryExplorer } from '../../src/config/registry.js';
import { checkWebUrl } from '../../src/config/url.js';
import { UsageError } from '../../src/base/errors.js';

const HASH = '0x4dd7e3f4522fcf2483ae422fd007492380051d87de6fdb17be71c7134e26857e';

describe('checkWebUrl', () => {
  it.each([
    ['https://eth.blockscout.com', 'https://eth.blockscout.com/'],
    ['http://127.0.0.1:4000/explorer/', 'http://127.0.0.1:4000/explorer/'],
    [`https://x.example/tx/${HASH}`, `https://x.example/tx/${HASH}`],
    ['https://x.example/a:b/-._~', 'https://x.example/a:b/-._~'],
    ['https://x.example/a%20b', 'https://x.example/a%20b'],
    ['https://x.example/ex!p*l+o,r=e@r', 'https://x.example/ex%21p%2Al%2Bo%2Cr%3De%40r'],
    ['https://x.example/%zz', 'https://x.example/%25zz'],
    ['https://x.example/ä', 'https://x.example/%C3%A4'],
    ['https://MÜLLER.example/', 'https://xn--mller-kva.example/'],
    ['https://[::1]:8080/', 'https://[::1]:8080/'],
    ['https://x.example/?q=1#top', 'https://x.example/'],
  ])('%s is written %s', (raw, url) => {
    expect(checkWebUrl(raw)).toEqual({ url });
  });

  it.each([
    'javascript:alert(1)',
    'javascript://x.example/%0aalert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'ftp://x.example/',
    'vbscript:msgbox',
    'not a url',
    'http://[bad',
    'https://user:pass@x.example/',
    'https://user@x.example/',
    'https://x.example/$(calc)',
    'https://x.example/a$b',
    'https://x.example/(a)',
    "https://x.example/a'b",
    'https://x.example/a"b',
    'https://x.example/a`calc`',
    'https://x.example/a\\b',
    'https://x.example/a;calc',
    'https://x.example/a&calc',
    'https://x.example/a|calc',
    'https://x.example/a<b>',
    'https://x.example/a^b',
    'https://x.example/a b',
    'https://x.example/a\tb',
    'https://x.example/a\u001b[31m',
    'https://x.example/a\u202eb',
    'https://x.example/a\u200bb',
    'https://x.example/?q=$(calc)',
    'https://x.example/#$(calc)',
    'https://a$(calc).example/',
    'https://a!b.example/',
    'https://a_b.example/',
  ])('refuses %j', (raw) => {
    expect(checkWebUrl(raw)).toMatchObject({ problem: expect.any(String) });
  });

  it('what it writes passes again unchanged and holds only the strict set and %XX', () => {
    for (const raw of ['https://x.example/ä/!/%zz/~', 'http://h.example:81/a@b/c+d']) {
      const first = checkWebUrl(raw);
      if (!('url' in first)) throw new Error(first.problem);
      expect(checkWebUrl(first.url)).toEqual(first);
      expect(new URL(first.url).pathname).toMatch(/^(?:[A-Za-z0-9\-._~/:]|%[0-9A-F]{2})*$/);
    }
  });
});

describe('pageUrl: every page URL goes through it', () => {
  it('builds the page under the site', () => {
    expect(pageUrl('https://x.example/explorer/', { kind: 'tx', value: HASH })).toBe(`https://x.example/explorer/tx/${HASH}`);
  });

  it.each(['javascript:alert(1)', 'https://x.example/$(calc)', 'not a url', 'https://u:p@x.example'])('a site %j is a usage error, never a URL', (site) => {
    expect(() => pageUrl(site, { kind: 'block', value: '1' })).toThrow(UsageError);
  });
});

describe('registryExplorer', () => {
  it('gives a bare host https:// and drops the trailing slash', () => {
    expect(registryExplorer(' explorer.example/ ')).toBe('https://explorer.example');
    expect(registryExplorer('http://127.0.0.1:4000/')).toBe('http://127.0.0.1:4000');
  });

  it.each(['javascript:alert(1)', 'https://x.example/$(calc)', 'https://u:p@x.example', 'http://[bad', 'data:,x'])('refuses %j', (raw) => {
    expect(registryExplorer(raw)).toBeUndefined();
  });
});

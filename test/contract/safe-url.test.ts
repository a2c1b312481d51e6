import { describe, expect, it } from 'vitest';
import { MAX_LINK_URL_LENGTH, safeHttpUrl } from '../../server/contract/safe-url.js';

// The one rule for what the checkout pages and the console may link or navigate to.
describe('safeHttpUrl', () => {
  it('keeps absolute http(s) URLs with a host, as the browser serialises them', () => {
    expect(safeHttpUrl('https://merchant.example/ok?x=1')).toBe('https://merchant.example/ok?x=1');
    expect(safeHttpUrl('http://127.0.0.1:4010/check-out/?tokenID=a')).toBe('http://127.0.0.1:4010/check-out/?tokenID=a');
    expect(safeHttpUrl('HTTPS://Merchant.Example')).toBe('https://merchant.example/');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'java\tscript:alert(1)',
    '\u0000javascript:alert(1)',
    'vbscript:msgbox(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'blob:https://merchant.example/1',
    'ftp://merchant.example/',
    'mailto:a@merchant.example',
    '//evil.example/ok',
    '/check-out/?tokenID=a',
    'https:',
    'http://',
    '',
    'not a url',
  ])('refuses %j', (raw) => {
    expect(safeHttpUrl(raw)).toBeNull();
  });

  it('refuses what is not a string and what is too long to be an address', () => {
    for (const v of [null, undefined, 42, {}, ['https://a.example']]) expect(safeHttpUrl(v)).toBeNull();
    const long = `https://merchant.example/${'a'.repeat(MAX_LINK_URL_LENGTH)}`;
    expect(safeHttpUrl(long)).toBeNull();
  });
});

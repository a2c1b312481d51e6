import { describe, expect, it } from 'vitest';
import { mdCode, mdText } from '../../server/contract/markdown.js';

describe('Markdown for tickets: text from clients never becomes markup', () => {
  it('escapes links, images, tags, emphasis and pipes, and folds line breaks', () => {
    const hostile = '"><img src=x onerror=alert(1)>\n# Heading\n![p](http://evil.example/p.png) [a](javascript:x) *b* | c';
    const out = mdText(hostile);
    expect(out).not.toMatch(/\n/);
    expect(out).not.toMatch(/(^|[^\\])[<>[\]!*|]/);
    expect(out).toContain('\\<img');
    expect(mdText('a|b')).toBe('a\\|b');
  });

  it('keeps what is no markup as written: codes, keys and paths', () => {
    expect(mdText('INVALID_SIGNATURE on /payments/check-out/SecurePayment.php (pk_sandbox_demo)')).toBe(
      'INVALID_SIGNATURE on /payments/check-out/SecurePayment.php (pk_sandbox_demo)',
    );
    expect(mdText('_emphasis_')).toBe('\\_emphasis\\_');
  });

  it('fences a code span with more backticks than the text holds', () => {
    expect(mdCode('pk_x')).toBe('`pk_x`');
    expect(mdCode('a `b` c')).toBe('``a `b` c``');
    expect(mdCode('`x')).toBe('`` `x ``');
    expect(mdCode('one\ntwo')).toBe('`one two`');
  });
});

import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { WarningsBox } from '../../renderer/src/components/WarningsBox';
import { CONSOLE_ROOT, consoleSources } from './sources.js';

const html = (props: Parameters<typeof WarningsBox>[0]) => renderToStaticMarkup(createElement(WarningsBox, props));
const W = ['amount: sent "15000.0000", the service asks for two decimals', 'time: sent "2026-11-23T21:00:43+00:00"'];

describe('WarningsBox', () => {
  it('shows nothing when there are no warnings', () => {
    expect(html({ warnings: [], title: 'Accepted with warnings', testId: 'x' })).toBe('');
  });

  it('one "⚠ …" line per warning under the title (the request log)', () => {
    expect(html({ warnings: W, title: 'Accepted with warnings', testId: 'request-warnings' })).toBe(
      '<div class="warn-box" data-testid="request-warnings"><strong>Accepted with warnings</strong>' +
        W.map((w) => `<div>⚠ ${w.replaceAll('"', '&quot;')}</div>`).join('') +
        '</div>',
    );
  });

  it('a note named by its title, with item ids and a help line (the operation detail)', () => {
    const out = html({
      warnings: W,
      title: 'Aceptada con advertencias',
      testId: 'op-warnings',
      itemTestId: 'op-warning',
      help: 'Ayuda',
      note: true,
    });
    expect(out).toMatch(/^<div class="warn-box" data-testid="op-warnings" role="note" aria-label="Aceptada con advertencias">/);
    expect(out.match(/<div data-testid="op-warning">⚠ /g)).toHaveLength(2);
    expect(out).toContain('<p class="muted small">Ayuda</p>');
  });

  it('a small bulleted list (the payouts table)', () => {
    const out = html({ warnings: W, title: 'Accepted with warnings', testId: 'payout-warnings', list: true });
    expect(out).toContain('<ul><li class="small">amount: sent');
    expect(out).not.toContain('⚠');
    expect(out).not.toContain('role=');
  });

  it('is the only warnings box in the console: the screens use it instead of writing their own', () => {
    const own = consoleSources()
      .filter((f) => !f.endsWith('WarningsBox.tsx'))
      .filter((f) => /className="warn-box"[^]*?warnings\.map\(/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(CONSOLE_ROOT.length + 1));
    expect(own).toEqual([]);
    const users = consoleSources()
      .filter((f) => readFileSync(f, 'utf8').includes('<WarningsBox'))
      .map((f) => f.slice(CONSOLE_ROOT.length + 1).replaceAll('\\', '/'))
      .sort();
    expect(users).toEqual([
      'features/operations/OperationDetail.tsx',
      'features/operations/Timeline.tsx',
      'features/payouts/PayoutsPage.tsx',
      'features/requests/RequestsPage.tsx',
    ]);
  });
});

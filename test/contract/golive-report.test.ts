import { describe, expect, it } from 'vitest';
import type { CheckReport } from '../../server/contract/checks.js';
import { checkLine, checkReportMarkdown } from '../../server/contract/golive-report.js';

const hostile = '<img src=https://evil.example/x.png> [click](https://evil.example) | `code` **bold**\n# heading';

const report: CheckReport = {
  id: 'chk_00ff',
  merchant: 'pk_<b>shop</b>',
  started_at: '2026-01-01T00:00:00.000Z',
  finished_at: '2026-01-01T00:00:01.000Z',
  since: '2025-12-31T00:00:00.000Z',
  orders: [{ trans_id: 'ord`1|<x>', source: 'creation', checks: ['success_acknowledged'] }],
  summary: { pass: 0, warn: 0, fail: 1, skipped: 0 },
  checks: [
    {
      id: 'success_acknowledged',
      verdict: 'fail',
      title: 'Success notification acknowledged',
      evidence: `A success notification: HTTP 500 ${hostile}`,
      advice: 'Answer 200.',
      notification_ids: [7],
      answers: [{ method: 'POST', url: 'http://shop.test/ok?a=<b>', status: 500, latency_ms: 12, body_excerpt: hostile, error: null }],
    },
  ],
};

describe('go-live report for tickets and CI logs', () => {
  it('escapes every text from a handler or client: no tag, link, image, table break or heading survives', () => {
    const md = checkReportMarkdown(report);
    // Outside code spans (shown verbatim, never markup), nothing is left unescaped.
    const prose = md.replace(/(`+)[^`][\s\S]*?\1/g, '');
    expect(prose).not.toMatch(/(?<!\\)(<img|<b>|<x>|\]\(https)/);
    expect(md).not.toMatch(/^# heading/m);
    // Each table row keeps its column count whatever the handler answered (pipes in code spans
    // are escaped too: GFM splits cells on them).
    const answerRow = md.split('\n').find((l) => l.startsWith('| POST'))!;
    expect(answerRow.replace(/\\\|/g, '').split('|').length).toBe(7);
    expect(md).toContain('since 2025-12-31T00:00:00.000Z');
    expect(md).toContain('Orders the probes spoke about');
  });

  it('prints one line per check, line breaks folded', () => {
    expect(checkLine(report.checks[0]!)).toBe(`FAIL success_acknowledged: ${report.checks[0]!.evidence.replace('\n', ' ')}`);
    expect(checkLine(report.checks[0]!)).not.toContain('\n');
  });
});

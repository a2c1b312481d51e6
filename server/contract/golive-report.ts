import type { CheckReport, CheckResult, ProbeAnswer, Verdict } from './checks.js';
import { mdCode, mdText } from './markdown.js';

/**
 * The go-live report as a ticket or a CI log reads it: one renderer for the CLI, the console's
 * export and the MCP tool. English on purpose: tickets are read by support.
 */

const MARK: Record<Verdict, string> = { pass: '✅ pass', warn: '⚠️ warn', fail: '❌ fail', skipped: '⏭️ skipped' };
const WORD: Record<Verdict, string> = { pass: 'PASS', warn: 'WARN', fail: 'FAIL', skipped: 'SKIP' };
const SOURCE_WORDS = { given: 'given', creation: "the merchant's own creation", made_up: 'made up (no creation seen)' } as const;

/** One line per check, as the CLI prints it: `PASS id: evidence` (evidence on one line). */
export const checkLine = (c: Pick<CheckResult, 'id' | 'verdict' | 'evidence'>): string =>
  `${WORD[c.verdict]} ${c.id}: ${c.evidence.replace(/[\r\n\u2028\u2029]+/g, ' ')}`;

/** A code span inside a table cell: GFM splits cells on a pipe even there, unless it is escaped. */
const codeCell = (v: string) => mdCode(v).replace(/\|/g, '\\|');

const answerRow = (a: ProbeAnswer) =>
  `| ${a.method} | ${mdText(a.url)} | ${a.status ?? mdText(a.error ?? 'no answer')} | ${a.latency_ms ?? ''} | ` +
  `${a.body_excerpt ? codeCell(a.body_excerpt) : ''} |`;

/** The report as Markdown: every text that came from a handler or a client is escaped or in a code span. */
export function checkReportMarkdown(r: CheckReport): string {
  const s = r.summary;
  const lines = [
    `# Go-live check ${r.id}`,
    '',
    `Merchant ${mdCode(r.merchant)} · started ${r.started_at} · finished ${r.finished_at} · passive checks read what the ` +
      `sandbox saw since ${r.since}`,
    '',
    `**${s.pass} pass · ${s.warn} warn · ${s.fail} fail · ${s.skipped} skipped**`,
    '',
    '| check | verdict | evidence |',
    '|---|---|---|',
    ...r.checks.map((c) => `| ${mdText(c.title)} (\`${c.id}\`) | ${MARK[c.verdict]} | ${mdText(c.evidence)} |`),
    '',
  ];
  if (r.orders.length)
    lines.push(
      '## Orders the probes spoke about',
      '',
      '| trans_id | source | probes |',
      '|---|---|---|',
      ...r.orders.map((o) => `| ${codeCell(o.trans_id)} | ${SOURCE_WORDS[o.source]} | ${o.checks.map((c) => `\`${c}\``).join(', ')} |`),
      '',
    );
  for (const c of r.checks) {
    lines.push(
      `## ${MARK[c.verdict]} — ${mdText(c.title)}`,
      '',
      mdText(c.evidence),
      '',
      `**What a correct handler does:** ${mdText(c.advice)}`,
    );
    if (c.answers.length)
      lines.push(
        '',
        'What the handler answered:',
        '',
        '| method | URL | status | ms | answer |',
        '|---|---|---|---|---|',
        ...c.answers.map(answerRow),
      );
    if (c.notification_ids.length) lines.push('', `Probe notifications: ${c.notification_ids.map((id) => `#${id}`).join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

export const checkReportJson = (r: CheckReport): string => JSON.stringify(r, null, 2) + '\n';

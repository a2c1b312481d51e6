import type { CheckReport, Verdict } from '@contract/checks.js';
import { mdCell as cell, mdCode, mdText } from '@contract/markdown.js';

const MARK: Record<Verdict, string> = { pass: '✅ pass', warn: '⚠️ warn', fail: '❌ fail', skipped: '⏭️ skipped' };

/**
 * The report as Markdown, to attach to a support ticket: a summary line, one table row per check,
 * then each check's evidence and advice in full. English on purpose: tickets are read by support.
 */
export function reportMarkdown(r: CheckReport): string {
  const s = r.summary;
  const lines = [
    `# Go-live check ${r.id}`,
    '',
    `Merchant ${mdCode(r.merchant)} · started ${r.started_at} · finished ${r.finished_at}`,
    '',
    `**${s.pass} pass · ${s.warn} warn · ${s.fail} fail · ${s.skipped} skipped**`,
    '',
    '| check | verdict | evidence |',
    '|---|---|---|',
    ...r.checks.map((c) => `| ${cell(c.title)} (\`${c.id}\`) | ${MARK[c.verdict]} | ${cell(c.evidence)} |`),
    '',
  ];
  for (const c of r.checks) {
    lines.push(
      `## ${MARK[c.verdict]} — ${mdText(c.title)}`,
      '',
      mdText(c.evidence),
      '',
      `**What a correct handler does:** ${mdText(c.advice)}`,
    );
    if (c.notification_ids.length) lines.push('', `Probe notifications: ${c.notification_ids.map((id) => `#${id}`).join(', ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

export const reportJson = (r: CheckReport): string => JSON.stringify(r, null, 2) + '\n';

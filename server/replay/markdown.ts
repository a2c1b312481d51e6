import { mdCell as cell, mdCode } from '../contract/markdown.js';
import type { ReplayReport } from '../contract/replays.js';

/** A kept replay as Markdown, to paste into a support ticket: what was replayed, what drifted, what it drove. */
export function replayMarkdown(r: ReplayReport): string {
  const replayed = r.entries.filter((e) => e.action === 'replayed').length;
  const lines = [
    `# Replay ${r.id}`,
    '',
    `- merchant: ${mdCode(r.merchant)}`,
    `- source: ${r.source ? cell(r.source) : 'not named in the HAR'}`,
    `- replayed at (sandbox time): ${r.created_at}`,
    `- entries: ${r.entries.length} (${replayed} replayed, ${r.entries.length - replayed} skipped)`,
    `- operations created: ${r.operations.length ? r.operations.join(', ') : 'none'}`,
    `- drift: ${r.drift_count}`,
    '',
    '## Entries',
    '',
    '| # | call | kind | production | sandbox | operation | drift |',
    '|---|---|---|---|---|---|---|',
    ...r.entries.map((e) => {
      const sandbox = e.sandbox ? e.sandbox.status : `skipped: ${cell(e.skip_reason)}`;
      const call = cell(`${e.method} ${e.path}`);
      return `| ${e.index} | ${call} | ${e.kind} | ${e.production.status} | ${sandbox} | ${e.operation_id ?? ''} | ${e.drift.length} |`;
    }),
  ];
  const drifted = r.entries.filter((e) => e.drift.length);
  if (drifted.length) {
    lines.push('', '## Drift', '');
    for (const e of drifted) {
      lines.push(
        `### Entry ${e.index}: ${cell(`${e.method} ${e.path}`)}`,
        '',
        '| path | production | sandbox | note |',
        '|---|---|---|---|',
      );
      for (const d of e.drift) lines.push(`| ${mdCode(d.path)} | ${cell(d.production)} | ${cell(d.sandbox)} | ${cell(d.note)} |`);
      lines.push('');
    }
  }
  if (r.outcomes.length) {
    lines.push(
      '',
      '## Outcomes from production notifications',
      '',
      '| # | trans_ID | outcome | operation | applied |',
      '|---|---|---|---|---|',
    );
    for (const o of r.outcomes)
      lines.push(
        `| ${o.index} | ${cell(o.trans_id)} | ${o.outcome} | ${o.operation_id ?? ''} | ${o.applied ? 'yes' : `no: ${cell(o.reason)}`} |`,
      );
  }
  return lines.join('\n') + '\n';
}

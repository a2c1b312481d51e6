import { mdCode, mdText } from '../contract/markdown.js';
import type { ReplayReport } from '../contract/replays.js';

/** A kept replay as Markdown, to paste into a support ticket: what was replayed, what drifted, what it drove. */
export function replayMarkdown(r: ReplayReport): string {
  const replayed = r.entries.filter((e) => e.action === 'replayed').length;
  const lines = [
    `# Replay ${r.id}`,
    '',
    `- merchant: ${mdCode(r.merchant)}`,
    `- source: ${r.source ? mdText(r.source) : 'not named in the HAR'}`,
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
      const answer = (a: { status: number; code?: string | null }) => `${a.status}${a.code ? ` ${mdText(a.code)}` : ''}`;
      const sandbox = e.sandbox ? answer(e.sandbox) : `skipped: ${mdText(e.skip_reason)}`;
      const call = mdText(`${e.method} ${e.path}`);
      const drift = e.drift.length + (e.drift_more ?? 0);
      return `| ${e.index} | ${call} | ${e.kind} | ${answer(e.production)} | ${sandbox} | ${e.operation_id ?? ''} | ${drift} |`;
    }),
  ];
  const drifted = r.entries.filter((e) => e.drift.length);
  if (drifted.length) {
    lines.push('', '## Drift', '');
    for (const e of drifted) {
      lines.push(
        `### Entry ${e.index}: ${mdText(`${e.method} ${e.path}`)}`,
        '',
        '| path | production | sandbox | note |',
        '|---|---|---|---|',
      );
      for (const d of e.drift) lines.push(`| ${mdCode(d.path)} | ${mdText(d.production)} | ${mdText(d.sandbox)} | ${mdText(d.note)} |`);
      if (e.drift_more) lines.push(`| … | | | ${e.drift_more} more differences not listed |`);
      lines.push('');
    }
  }
  if (r.outcomes.length) {
    lines.push(
      '',
      '## Outcomes from production notifications',
      '',
      '| # | trans_ID / credit_note | outcome | rejection code | operation / payout | applied before entry | applied |',
      '|---|---|---|---|---|---|---|',
    );
    for (const o of r.outcomes) {
      const target = o.payout_id !== undefined ? `payout ${o.payout_id}` : (o.operation_id ?? '');
      const when = o.before_entry ?? 'after the last';
      const applied = o.applied ? 'yes' : `no: ${mdText(o.reason)}`;
      lines.push(
        `| ${o.index} | ${mdText(o.trans_id)} | ${o.outcome} | ${mdText(o.rejection_code ?? '')} | ${target} | ${when} | ${applied} |`,
      );
    }
  }
  if (r.held_callbacks?.length) {
    lines.push(
      '',
      '## Payout callbacks held back',
      '',
      'Not sent to the addresses recorded in the archive (the operator did not ask for them).',
      '',
    );
    lines.push('| payout | address |', '|---|---|', ...r.held_callbacks.map((h) => `| ${h.payout_id} | ${mdText(h.address)} |`));
  }
  return lines.join('\n') + '\n';
}

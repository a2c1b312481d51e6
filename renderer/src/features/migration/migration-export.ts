import type { MerchantMigration } from '@contract/migration.js';
import { mdCode, mdText } from '@contract/markdown.js';

const channels = (list: { channel: number; filter_by?: string }[]) =>
  list.length ? list.map((e) => (e.filter_by ? `${e.channel} (${e.filter_by})` : String(e.channel))).join(' or ') : 'none';

/**
 * A merchant's migration as Markdown, to attach to a ticket: per shape of older request seen, the
 * request to send today, every change with its note, the equivalent channels and the dry-run
 * answer. English on purpose: tickets are read by support. Every value came from a client, so
 * every value is escaped.
 */
export function migrationMarkdown(m: MerchantMigration): string {
  const lines = [
    `# Migration to the current request format`,
    '',
    `Merchant ${mdCode(m.merchant)} · ${m.shapes.length} request shape(s) seen`,
    '',
  ];
  m.shapes.forEach((s, i) => {
    const r = s.migration.current_request;
    const v = s.migration.verified;
    lines.push(
      `## ${i + 1}. ${s.dialect} request format (${s.count}×, newest: request #${s.last_request_id})`,
      '',
      `Send to ${mdCode(r.path)}. Equivalent channels: ${mdText(channels(s.migration.equivalent_channels))}.`,
      '',
      `Dry run of the converted request: **${v.status}${v.code ? ` ${mdText(v.code)}` : ' accepted'}** ` +
        '(keys marked "add" filled with test values; nothing stored).',
      '',
      '| field | sent | today | note |',
      '|---|---|---|---|',
      ...s.migration.changes.map(
        (c) => `| ${mdCode(c.field)} | ${mdText(c.sent ?? '—')} | ${mdText(c.current ?? 'dropped')} | ${mdText(c.note)} |`,
      ),
      '',
      "| today's field | value |",
      '|---|---|',
      ...Object.entries(r.fields).map(([k, val]) => `| ${mdCode(k)} | ${mdText(val)} |`),
      '',
    );
  });
  return lines.join('\n');
}

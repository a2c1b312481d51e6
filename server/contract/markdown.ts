/**
 * Markdown for support tickets (replay and go-live reports), written where the text came from a
 * client, a handler or an archive: such text must never become markup in the ticket (a heading, a
 * link, an image that calls home, raw HTML). Shared by the server and the console.
 */

/**
 * What Markdown, or the HTML it lets through, could read as markup: backslash, code, emphasis, links
 * and images, tags and entities, table pipes, strikethrough, a heading mark. An underscore inside a
 * word (`INVALID_SIGNATURE`) is never emphasis, so it stays as written.
 */
const MARKUP = /[\\`*[\]<>!|~&#]|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** One line of plain text, safe anywhere in a Markdown line, a table cell too: markup and pipes escaped, line breaks folded to spaces. */
export const mdText = (v: unknown): string =>
  (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).replace(/\r\n?|\n|\u2028|\u2029/g, ' ').replace(MARKUP, '\\$&');

/** Text as an inline code span (shown verbatim, never markup): fenced with more backticks than it holds. */
export function mdCode(v: unknown): string {
  const s = (typeof v === 'string' ? v : (JSON.stringify(v) ?? String(v))).replace(/\r\n?|\n|\u2028|\u2029/g, ' ');
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  const pad = s.startsWith('`') || s.endsWith('`') || s === '' ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
}

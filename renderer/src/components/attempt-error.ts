import type { Vars } from '../app/translate';

/**
 * A failed delivery attempt's `error` as words to translate: the delivery engine writes a handful of
 * fixed sentences (a status other than 200/203, timeouts, refused or closed connections, an unknown
 * host, the sandbox's own address), read here into a key and its values; anything else (a transport
 * error the engine passes on as it came) is shown as written.
 */
const FORMS: [RegExp, string, (m: RegExpExecArray) => Vars][] = [
  [/^HTTP (\d{3}): only 200 or 203 count as delivered$/, 'notif.err.status', (m) => ({ status: m[1]! })],
  [/^timeout: no connection within (\d+) ms$/, 'notif.err.connectTimeout', (m) => ({ ms: m[1]! })],
  [/^timeout: no (?:complete )?answer within (\d+) ms$/, 'notif.err.answerTimeout', (m) => ({ ms: m[1]! })],
  [/^connection refused$/, 'notif.err.refused', () => ({})],
  [/^host not found$/, 'notif.err.noHost', () => ({})],
  [/^connection closed by the receiver before it answered$/, 'notif.err.closed', () => ({})],
  [/^aborted by shutdown$/, 'notif.err.shutdown', () => ({})],
  [/^SELF_TARGET: (\S+)(?: \(.*\))? is this sandbox's own address; nothing was sent$/, 'notif.err.self', (m) => ({ address: m[1]! })],
];

export function attemptErrorWords(error: string): { key: string; vars: Vars } | null {
  for (const [re, key, vars] of FORMS) {
    const m = re.exec(error);
    if (m) return { key, vars: vars(m) };
  }
  return null;
}

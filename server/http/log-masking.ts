/**
 * What the request log hides. Secrets are found by the name a reader would decode, however the
 * request spells it: a urlencoded key with percent-escapes, a JSON key with `\u` escapes, a multipart
 * part's `name="…"`, a query string, any letter case. Their values are replaced whole.
 */

const MASK = '••••';
const SECRET_NAMES = new Set(['signature', 'secret_key', 'payout_token', 'payout_password', 'password', 'token', 'otp_code']);
const isSecret = (name: string) => SECRET_NAMES.has(name.trim().toLowerCase());

function decodeFormKey(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

function decodeJsonKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** `k=v&k=v` pairs (bodies and query strings): a secret key's value, up to the next `&`, is masked. */
function maskFormPairs(text: string): string {
  return text.replace(/(^|[&?\s])([^&=?\s]+)=([^&\s]*)/g, (m, lead: string, key: string) =>
    isSecret(decodeFormKey(key)) ? `${lead}${key}=${MASK}` : m,
  );
}

/** `"key": value` members of JSON, at any depth; a JSON null stays (it is no secret, and `otp_code: null` is common). */
function maskJsonMembers(text: string): string {
  return text.replace(/"((?:[^"\\]|\\.)*)"(\s*:\s*)("(?:[^"\\]|\\.)*"?|[^,}\]\s]+)/g, (m, key: string, colon: string, value: string) =>
    isSecret(decodeJsonKey(key)) && value !== 'null' ? `"${key}"${colon}"${MASK}"` : m,
  );
}

/** Multipart parts named as a secret: their content, up to the next boundary line, is masked. */
function maskMultipartParts(text: string): string {
  return text.replace(
    /(content-disposition:[^\r\n]*\bname\s*=\s*"?([^";\r\n]*)"?[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*\r?\n)([\s\S]*?)(?=\r?\n--|$)/gi,
    (m, head: string, name: string) => (isSecret(decodeFormKey(name)) ? head + MASK : m),
  );
}

/** A request or answer body, or a path with its query, with every secret value masked. */
export function maskSecrets(text: string): string {
  return maskMultipartParts(maskJsonMembers(maskFormPairs(text)));
}

/**
 * Request headers as the log keeps them: credentials (Authorization, Cookie, and Proxy-Authorization)
 * show only their scheme word; no part of a token is kept, whatever the path.
 */
export function maskHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v === undefined) continue;
    const s = Array.isArray(v) ? v.join(', ') : v;
    if (k === 'authorization' || k === 'proxy-authorization')
      out[k] = /^\S+\s+\S/.test(s.trim()) ? `${s.trim().split(/\s+/)[0]} ${MASK}` : MASK;
    else out[k] = k === 'cookie' ? MASK : s;
  }
  return out;
}

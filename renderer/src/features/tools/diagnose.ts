import { sha256Hex, signedString } from '../../api/signature';
import type { SigText, SigTextKey } from './sig-text';

/** One way the sender may have built the signed string differently. */
interface Candidate {
  /** What differs, for the screen to translate (field names are wire names). */
  what: SigText;
  field: string | null;
  text: string;
}

function fieldVariants(name: string, v: string): [SigTextKey, string][] {
  const out: [SigTextKey, string][] = [];
  const add = (key: SigTextKey, nv: string) => {
    if (nv !== v && !out.some(([, x]) => x === nv)) out.push([key, nv]);
  };
  add('sig.why.trimmed', v.trim());
  add('sig.why.empty', '');
  if (name === 'amount' && v.trim() !== '' && Number.isFinite(Number(v))) {
    add('sig.why.twoDecimals', Number(v).toFixed(2));
    add('sig.why.noTrailingZeros', String(Number(v)));
    add('sig.why.wholeNumber', String(Math.round(Number(v))));
  }
  if (name === 'time') {
    add('sig.why.timeT', v.replace(' ', 'T'));
    add('sig.why.timeSpace', v.replace('T', ' '));
  }
  try {
    add('sig.why.urlDecoded', decodeURIComponent(v.replace(/\+/g, ' ')));
  } catch {
    // not URL-encoded: no such variant
  }
  add('sig.why.urlEncoded', encodeURIComponent(v));
  add('sig.why.lowerCase', v.toLowerCase());
  add('sig.why.upperCase', v.toUpperCase());
  return out;
}

/**
 * Which difference explains a signature: tries the usual mistakes one at a time (one field changed,
 * another layout or order, another merchant's secret, no secret) and answers the first that
 * reproduces `provided`, or null.
 */
export async function diagnose(
  fields: Record<string, string>,
  order: readonly string[],
  secret: string,
  provided: string,
  alternatives: { layouts: [SigText, readonly string[]][]; secrets: [SigText, string][] },
): Promise<Candidate | null> {
  const want = provided.trim().toLowerCase();
  if (!want) return null;
  const cands: Candidate[] = [];
  for (const name of order) {
    for (const [key, nv] of fieldVariants(name, fields[name] ?? '')) {
      cands.push({
        what: { key, vars: { field: name, value: nv } },
        field: name,
        text: signedString({ ...fields, [name]: nv }, order, secret),
      });
    }
  }
  for (const [what, o] of alternatives.layouts) cands.push({ what, field: null, text: signedString(fields, o, secret) });
  cands.push({ what: { key: 'sig.why.alphabetical' }, field: null, text: signedString(fields, [...order].sort(), secret) });
  cands.push({ what: { key: 'sig.why.secretLeftOut' }, field: null, text: signedString(fields, order, '') });
  cands.push({ what: { key: 'sig.why.secretFirst' }, field: null, text: secret + signedString(fields, order, '') });
  for (const [what, s] of alternatives.secrets) if (s !== secret) cands.push({ what, field: null, text: signedString(fields, order, s) });
  for (const c of cands) if ((await sha256Hex(c.text)) === want) return c;
  return null;
}

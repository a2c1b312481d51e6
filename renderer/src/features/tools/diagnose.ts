import { sha256Hex, signedString } from '../../api/signature';

/** One way the sender may have built the signed string differently. */
interface Candidate {
  /** i18n-free description, shown verbatim (field names are wire names). */
  what: string;
  field: string | null;
  text: string;
}

function fieldVariants(name: string, v: string): [string, string][] {
  const out: [string, string][] = [];
  const add = (label: string, nv: string) => {
    if (nv !== v && !out.some(([, x]) => x === nv)) out.push([label, nv]);
  };
  add('without surrounding spaces', v.trim());
  add('sent empty / left out', '');
  if (name === 'amount' && v.trim() !== '' && Number.isFinite(Number(v))) {
    add('with two decimals', Number(v).toFixed(2));
    add('without trailing zeros', String(Number(v)));
    add('as a whole number', String(Math.round(Number(v))));
  }
  if (name === 'time') {
    add('with T between date and time', v.replace(' ', 'T'));
    add('with a space between date and time', v.replace('T', ' '));
  }
  try {
    add('URL-decoded', decodeURIComponent(v.replace(/\+/g, ' ')));
  } catch {
    // not URL-encoded: no such variant
  }
  add('URL-encoded', encodeURIComponent(v));
  add('in lower case', v.toLowerCase());
  add('in upper case', v.toUpperCase());
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
  alternatives: { layouts: [string, readonly string[]][]; secrets: [string, string][] },
): Promise<Candidate | null> {
  const want = provided.trim().toLowerCase();
  if (!want) return null;
  const cands: Candidate[] = [];
  for (const name of order) {
    for (const [label, nv] of fieldVariants(name, fields[name] ?? '')) {
      cands.push({ what: `${name} ${label}: "${nv}"`, field: name, text: signedString({ ...fields, [name]: nv }, order, secret) });
    }
  }
  for (const [label, o] of alternatives.layouts) cands.push({ what: label, field: null, text: signedString(fields, o, secret) });
  cands.push({ what: 'fields in alphabetical order', field: null, text: signedString(fields, [...order].sort(), secret) });
  cands.push({ what: 'secret key left out', field: null, text: signedString(fields, order, '') });
  cands.push({ what: 'secret key put first', field: null, text: secret + signedString(fields, order, '') });
  for (const [label, s] of alternatives.secrets)
    if (s !== secret) cands.push({ what: label, field: null, text: signedString(fields, order, s) });
  for (const c of cands) if ((await sha256Hex(c.text)) === want) return c;
  return null;
}

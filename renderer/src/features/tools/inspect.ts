import {
  CREATION_ORDER,
  NOTIFICATION_ORDER,
  NOTIFICATION_ORDER_LEGACY,
  parsePastedFields,
  sha256Hex,
  signedString,
} from '../../api/signature';
import { diagnose } from './diagnose';
import type { SigText } from './sig-text';

/** What the signature inspector shows for one paste. */
export interface InspectResult {
  order: readonly string[];
  hashed: string;
  expected: string;
  provided: string;
  diagnosis: SigText | null;
  diagnosisField: string | null;
  parseError: SigText | null;
}

export interface InspectInput {
  pasted: string;
  mode: 'creation' | 'notification';
  layout: 'standard' | 'legacy';
  /** The secret the operator typed, else the chosen merchant's. */
  secret: string;
  /** Other merchants, tried when the signature was made with someone else's secret. */
  merchants: readonly { name: string; public_key: string; secret_key: string }[];
}

/**
 * The signature inspector's logic, kept out of the component so it can be tested: parses the paste,
 * computes the expected signature over the exact hashed string and, when the pasted signature
 * differs, asks `diagnose` which known mistake explains it (other layout, other merchant's secret, …).
 */
export async function inspect(input: InspectInput): Promise<InspectResult> {
  let fields: Record<string, string>;
  try {
    fields = parsePastedFields(input.pasted);
  } catch (err) {
    // Only the JSON form throws; the browser's own words on the syntax error follow ours.
    const parseError: SigText = { key: 'sig.parse.badJson', vars: { detail: (err as Error).message } };
    return { order: [], hashed: '', expected: '', provided: '', diagnosis: null, diagnosisField: null, parseError };
  }
  const legacy = input.mode === 'notification' && input.layout === 'legacy';
  const order = input.mode === 'creation' ? CREATION_ORDER : legacy ? NOTIFICATION_ORDER_LEGACY : NOTIFICATION_ORDER;
  const hashed = signedString(fields, order, input.secret);
  const expected = await sha256Hex(hashed);
  const provided = fields.signature ?? '';
  let diagnosis: SigText | null = null;
  let diagnosisField: string | null = null;
  if (provided && provided.toLowerCase() !== expected) {
    const layouts: [SigText, readonly string[]][] =
      input.mode === 'notification'
        ? [[{ key: legacy ? 'sig.why.standardLayout' : 'sig.why.legacyLayout' }, legacy ? NOTIFICATION_ORDER : NOTIFICATION_ORDER_LEGACY]]
        : [];
    const secrets: [SigText, string][] = input.merchants.map((m) => [
      { key: 'sig.why.otherSecret', vars: { name: m.name, key: m.public_key } },
      m.secret_key,
    ]);
    const d = await diagnose(fields, order, input.secret, provided, { layouts, secrets });
    diagnosis = d ? d.what : null;
    diagnosisField = d?.field ?? null;
  }
  return { order, hashed, expected, provided, diagnosis, diagnosisField, parseError: null };
}

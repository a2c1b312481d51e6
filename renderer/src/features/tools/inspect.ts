import type { DiagnoseResult, SignatureKind } from '@contract/diagnosis.js';
import {
  CREATION_ORDER,
  NOTIFICATION_ORDER,
  NOTIFICATION_ORDER_LEGACY,
  parsePastedFields,
  sha256Hex,
  signedString,
} from '../../api/signature';
import { recipeTexts } from '../../components/recipe-text';
import type { SigText } from '../../components/sig-text';

/** What the signature inspector shows for one paste. */
export interface InspectResult {
  order: readonly string[];
  hashed: string;
  expected: string;
  provided: string;
  /** How the pasted signature was built, ingredient by ingredient (the server's diagnosis), or null. */
  diagnosis: SigText[] | null;
  diagnosisField: string | null;
  parseError: SigText | null;
}

export interface InspectInput {
  pasted: string;
  mode: 'creation' | 'notification';
  layout: 'standard' | 'legacy';
  /** The secret the operator typed, else the chosen merchant's. */
  secret: string;
  /** The chosen merchant, whose key the server diagnoses with when no secret was typed. */
  merchant?: string;
  /** Whether `secret` was typed by the operator (sent to the server) or is the merchant's own. */
  typedSecret?: boolean;
  /** Names of the merchants, to word "another merchant's secret". */
  merchants: readonly { name: string; public_key: string }[];
}

/** The server's diagnosis: one module for refused creations and this inspector. */
export type AskDiagnosis = (body: {
  kind: SignatureKind;
  fields: Record<string, string>;
  merchant?: string;
  secret?: string;
}) => Promise<DiagnoseResult>;

/**
 * The signature inspector's logic, kept out of the component so it can be tested: parses the paste,
 * computes the expected signature over the exact hashed string and, when the pasted signature
 * differs, asks the server which known recipe reproduces it.
 */
export async function inspect(input: InspectInput, ask: AskDiagnosis): Promise<InspectResult> {
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
  let diagnosis: SigText[] | null = null;
  let diagnosisField: string | null = null;
  if (provided && provided.toLowerCase() !== expected) {
    const kind: SignatureKind = input.mode === 'creation' ? 'creation' : legacy ? 'notification_legacy' : 'notification';
    // The server unreachable (offline, a shared sandbox's session gone) leaves only the diagnosis out.
    const answer = await ask({
      kind,
      fields,
      merchant: input.merchant,
      secret: input.typedSecret || !input.merchant ? input.secret : undefined,
    }).catch(() => null);
    const recipe = answer?.diagnosis?.matched ? answer.diagnosis.recipe : null;
    if (recipe) {
      diagnosis = recipeTexts(recipe, (key) => input.merchants.find((m) => m.public_key === key)?.name);
      diagnosisField = recipe.field?.name ?? null;
    }
  }
  return { order, hashed, expected, provided, diagnosis, diagnosisField, parseError: null };
}

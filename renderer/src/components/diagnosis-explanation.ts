import { ANY_SCHEME_WORD, specOrderOf, type Diagnosis, type TokenMistake, type UnmatchedReason } from '@contract/diagnosis.js';

/** A console text: its i18n key and the values it names. */
export interface ExplanationText {
  key: string;
  vars?: Record<string, string | number>;
}

const TOKEN_KEYS: Record<TokenMistake, string> = {
  no_scheme: 'diag.explain.token.noScheme',
  scheme_repeated: 'diag.explain.token.schemeRepeated',
  quoted: 'diag.explain.token.quoted',
  login_answer: 'diag.explain.token.loginAnswer',
  other_case: 'diag.explain.token.otherCase',
  truncated: 'diag.explain.token.truncated',
  revoked_login: 'diag.explain.token.revokedLogin',
  public_key: 'diag.explain.token.publicKey',
  secret_key: 'diag.explain.token.secretKey',
  payout_username: 'diag.explain.token.payoutUsername',
  payout_password: 'diag.explain.token.payoutPassword',
  basic_credentials: 'diag.explain.token.basicCredentials',
};
const REASON_KEYS: Record<UnmatchedReason['code'], string> = {
  no_recipe: 'diag.explain.noRecipe',
  not_a_digest: 'diag.explain.notADigest',
  too_long: 'diag.explain.tooLong',
  unknown_token: 'diag.explain.unknownToken',
};

/**
 * What a refused creation or payout call should change, worded from the diagnosis' data so it reads in
 * the console's language (the server's `explanation` is English, for API clients). A recipe found:
 * a creation is told what the service signs (the recipe itself is shown beside it), a payout call what
 * to send instead. None found: why not. Null for a diagnosis stored before it carried its reason;
 * the console then shows the server's sentence as it is.
 */
export function explanationText(d: Diagnosis, token: boolean): ExplanationText | null {
  if (d.matched && d.recipe) {
    if (d.recipe.token) return { key: TOKEN_KEYS[d.recipe.token] };
    if (!token) return { key: 'diag.explain.signSpec', vars: { fields: specOrderOf('creation').join(' ') } };
    return null;
  }
  return d.reason ? { key: REASON_KEYS[d.reason.code], vars: d.reason.params } : null;
}

/** The token's expected header with "any scheme word" in the console's language. */
export const expectedTokenHeader = (expected: string, anyScheme: string): string => expected.replace(ANY_SCHEME_WORD, anyScheme);

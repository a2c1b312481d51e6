import { recipeString, type Diagnosis } from '@contract/diagnosis.js';
import { payoutApiRoutes } from '@contract/payout-api.js';
import type { RequestLogEntry } from '@contract/requests.js';
import { useT } from '../../app/i18n';
import { CopyButton } from '../../components/common';
import { useMerchants } from '../../components/merchants';
import { expectedTokenHeader, explanationText } from '../../components/diagnosis-explanation';
import { recipeTexts } from '../../components/recipe-text';

/** The plain parts of a logged multipart body (`[multipart body, N bytes]` then the parts as text). */
function multipartFields(body: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of body.split(/\r?\n--/)) {
    const name = /name="([^"]{1,64})"/.exec(part)?.[1];
    const blank = part.search(/\r?\n\r?\n/);
    if (name === undefined || blank < 0 || name in out) continue;
    out[name] = part
      .slice(blank)
      .replace(/^\r?\n\r?\n/, '')
      .replace(/\r?\n$/, '');
  }
  return out;
}

/** The fields of a logged form, JSON or multipart body, as the sender sent them (secrets masked by the log). */
export function loggedFields(body: string): Record<string, string> {
  const t = body.trim();
  if (t.startsWith('{')) {
    try {
      const obj = JSON.parse(t) as Record<string, unknown>;
      return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    } catch {
      return {};
    }
  }
  return t.startsWith('[multipart') ? multipartFields(t) : Object.fromEntries(new URLSearchParams(t));
}

/**
 * How a refused signature was built, beside the request: the recipe in the console's
 * language, the string the service signs and the string the sender signed (secrets as ••••), and the
 * signature as logged. A payout call refused for its token shows
 * what was sent in the token's place instead.
 */
export function DiagnosisBox({ entry }: { entry: RequestLogEntry }) {
  const t = useT();
  const { data: merchants } = useMerchants();
  const d: Diagnosis | null = entry.diagnosis;
  if (!d) return null;
  const nameOf = (key: string) => merchants?.items.find((m) => m.public_key === key)?.name;
  // Without a closing period: the sentence adds its own (a merchant name may end in "S.A.").
  const what = (r: NonNullable<Diagnosis['recipe']>) =>
    recipeTexts(r, nameOf)
      .map((x) => t(x.key, x.vars))
      .join(', ')
      .replace(/\.$/, '');
  const recipe = d.matched ? d.recipe : null;
  // The payout API's calls (batch, list, one item) are the ones refused for a token.
  const token = entry.path.startsWith(payoutApiRoutes.createPayouts.path);
  const fields = token ? {} : loggedFields(entry.request_body);
  const sent = recipe && !token ? recipeString('creation', fields, recipe) : null;
  // What to change, in the console's language; a diagnosis stored without its reason keeps the server's English.
  const explained = explanationText(d, token);
  const explanation = explained ? t(explained.key, explained.vars) : null;
  const expected = token ? expectedTokenHeader(d.expected_string, t('diag.anyScheme')) : d.expected_string;
  return (
    <div className={d.matched ? 'warn-box' : 'error-box'} data-testid="request-diagnosis" data-matched={String(d.matched)}>
      <strong>{t(token ? 'diag.tokenTitle' : 'diag.title')}</strong>
      <p data-testid="request-diagnosis-recipe">
        {recipe
          ? t(token ? 'diag.tokenSentAs' : 'diag.builtAs', { what: what(recipe) })
          : (explanation ?? t(token ? 'diag.tokenUnknown' : 'diag.unknown'))}
      </p>
      {d.next_problem && (
        <p data-testid="request-diagnosis-next">
          {t('diag.nextProblem', { code: d.next_problem.code })} <span className="muted small">{d.next_problem.message}</span>
        </p>
      )}
      {recipe && explanation !== null && (
        <p className="muted small" data-testid="request-diagnosis-explanation">
          {explanation}
        </p>
      )}
      {explanation === null && (
        <p className="muted small" lang="en" data-testid="request-diagnosis-explanation">
          {d.explanation}
        </p>
      )}
      <table className="kv">
        <tbody>
          <tr>
            <th>{t('diag.expected')}</th>
            <td className="mono break" data-testid="request-diagnosis-expected">
              {expected}
              {!token && (
                <>
                  {' '}
                  <CopyButton value={d.expected_string} />
                </>
              )}
            </td>
          </tr>
          {token && (
            <tr>
              <th>{t('diag.header')}</th>
              <td className="mono break" data-testid="request-diagnosis-sent">
                {entry.request_headers.authorization ?? '∅'}
              </td>
            </tr>
          )}
          {sent !== null && (
            <tr>
              <th>{recipe?.secret === 'hmac_key' || recipe?.secret === 'in_values_and_hmac_key' ? t('diag.sentHmac') : t('diag.sent')}</th>
              <td className="mono break" data-testid="request-diagnosis-sent">
                {sent}
              </td>
            </tr>
          )}
          {!token && (
            <tr>
              <th>{t('diag.signature')}</th>
              <td className="mono break" data-testid="request-diagnosis-signature">
                {fields.signature ?? '∅'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

import type { CheckId, EvidenceCode, EvidenceFacts } from '@contract/checks.js';
import { specOrderOf, type Diagnosis } from '@contract/diagnosis.js';
import { hasText, translate, type Lang, type Vars } from '../../app/translate';
import { wordWarning } from '../../app/warning-text';
import { attemptErrorWords } from '../../components/attempt-error';
import { explanationText } from '../../components/diagnosis-explanation';
import { recipeTexts } from '../../components/recipe-text';

/**
 * A go-live check's evidence in the console's language, worded from the facts the report carries
 * (the server's `evidence` is its English, for API clients and tickets). In English it reads exactly
 * as the server's sentence, times aside: `time` formats them as the rest of the console does.
 */

/** Each code's text; the probe sentences name what was sent (`what`) and how it was answered. */
const KEYS: Record<EvidenceCode, string> = {
  no_url: 'golive.ev.noUrl',
  none_acknowledged: 'golive.ev.noneAcknowledged',
  acknowledged: 'golive.ev.acknowledged',
  not_acknowledged: 'golive.ev.notAcknowledged',
  refused: 'golive.ev.refused',
  not_refused: 'golive.ev.notRefused',
  no_http_answer: 'golive.ev.noHttpAnswer',
  late_acknowledged: 'golive.ev.lateAcknowledged',
  late_not_acknowledged: 'golive.ev.lateNotAcknowledged',
  nothing_to_compare: 'golive.ev.nothingToCompare',
  same_answer: 'golive.ev.sameAnswer',
  different_answers: 'golive.ev.differentAnswers',
  timed_out: 'golive.ev.timedOut',
  slow: 'golive.ev.slow',
  fast: 'golive.ev.fast',
  no_creation: 'golive.ev.noCreation',
  no_accepted_creation: 'golive.ev.noAcceptedCreation',
  signatures_refused: 'golive.ev.signaturesRefused',
  no_signature_seen: 'golive.ev.noSignatureSeen',
  signatures_accepted: 'golive.ev.signaturesAccepted',
  no_warnings: 'golive.ev.noWarnings',
  warnings: 'golive.ev.warnings',
  trans_ids_repeated: 'golive.ev.transIdsRepeated',
  trans_ids_unique: 'golive.ev.transIdsUnique',
  queries_seen: 'golive.ev.queriesSeen',
  no_queries: 'golive.ev.noQueries',
  current_format: 'golive.ev.currentFormat',
  older_format: 'golive.ev.olderFormat',
};

/** Errors only a probe's answer carries (the delivery engine's own are worded by attemptErrorWords). */
const PROBE_ERRORS: Record<string, string> = {
  'no answer': 'golive.ev.error.noAnswer',
  'not sent (the sandbox was reset or is stopping)': 'golive.ev.error.notSent',
};

/** A probe answer's error in `lang`; one the console does not know is shown as the handler's side wrote it. */
export function probeErrorText(error: string, lang: Lang): string {
  if (PROBE_ERRORS[error]) return translate(lang, PROBE_ERRORS[error]);
  const w = attemptErrorWords(error);
  return w ? translate(lang, w.key, w.vars) : error;
}

type Heard = NonNullable<EvidenceFacts['heard']>[number];
type Counted = NonNullable<EvidenceFacts['counted']>[number];

/** How a probe was answered: "HTTP 500 in 12 ms", "conexión rechazada en 3 ms". */
export function answeredWords(a: Heard, lang: Lang): string {
  const answer = a.status !== null ? `HTTP ${a.status}` : probeErrorText(a.error ?? 'no answer', lang);
  return a.latency_ms === null ? answer : translate(lang, 'golive.ev.took', { answer, ms: a.latency_ms });
}

/**
 * A refused signature's diagnosis: in English the server's own sentence; in another language the
 * request log's wording of it (how it was built and what the service signs, or why no recipe was
 * found), else the server's sentence as it is.
 */
function diagnosisWords(d: Diagnosis | null, lang: Lang): string {
  if (!d) return translate(lang, 'golive.ev.noDiagnosis');
  if (lang === 'en') return d.explanation;
  if (d.matched && d.recipe && !d.recipe.token) {
    const what = recipeTexts(d.recipe)
      .map((x) => translate(lang, x.key, x.vars))
      .join(', ');
    const sign = translate(lang, 'diag.explain.signSpec', { fields: specOrderOf('creation').join(' ') });
    return `${translate(lang, 'diag.builtAs', { what })} ${sign}`;
  }
  const e = d.matched ? null : explanationText(d, false);
  return e ? translate(lang, e.key, e.vars) : d.explanation;
}

/** The evidence of check `id` in `lang`, from its facts; `time` formats an ISO time. */
export function evidenceWords(id: CheckId, f: EvidenceFacts, lang: Lang, time: (iso: string) => string): string {
  const t = (key: string, vars?: Vars) => translate(lang, key, vars);
  const p = f.params;
  const heard = (f.heard ?? []).map((a) => answeredWords(a, lang));
  const at = (v: string | number | undefined) => (v === undefined ? '' : time(String(v)));
  // A warning is worded from its code and values where the report kept them (in English as the report quotes it).
  const value = (c: Counted) => (lang !== 'en' && c.warning ? (wordWarning(t, c.warning) ?? c.value) : c.value);
  const times = (sep: string) => (f.counted ?? []).map((c) => t('golive.ev.times', { value: value(c), n: c.n })).join(sep);
  const vars: Vars = { ...p, since: at(p.since), first: heard[0] ?? '', second: heard[1] ?? '' };
  // What the probe sent, the risk of acknowledging it and the missing URL exist for some checks only.
  const known = (key: string) => (hasText(key) ? t(key, p) : '');
  vars.what = known(`golive.ev.what.${id}`);
  vars.risk = known(`golive.ev.risk.${id}`);
  if (f.code === 'no_url') vars.reason = known(`golive.ev.url.${p.url}`) || String(p.url);
  if (f.code === 'timed_out') vars.error = probeErrorText(String(p.error), lang);
  if (f.code === 'queries_seen') vars.last = at(p.last);
  if (f.code === 'signatures_refused')
    vars.lines = (f.refusals ?? [])
      .map((r) => t('golive.ev.refusal', { request: r.request, at: time(r.at), explanation: diagnosisWords(r.diagnosis, lang) }))
      .join(' ');
  if (f.code === 'warnings') {
    vars.warnings = t('golive.ev.distinctWarnings', { n: Number(p.kinds) });
    vars.creations = t('golive.ev.acceptedCreations', { n: Number(p.n) });
    vars.list = times('; ');
  }
  if (f.code === 'trans_ids_repeated') vars.list = times(', ');
  if (f.code === 'older_format') {
    vars.creations = t('golive.ev.creations', { n: Number(p.n) });
    vars.formats = (f.counted ?? []).map((c) => `${c.value}: ${c.n}`).join(', ');
    vars.served = p.served ? t('golive.ev.servedLegacy', { n: Number(p.served) }) : '';
    vars.how =
      p.request === undefined
        ? ''
        : ' ' +
          t('golive.ev.migration', {
            request: p.request,
            path: p.path ?? '',
            channel: p.channel ?? '',
            changes: t('golive.ev.changes', { n: Number(p.changes) }),
            status: `${p.status}${p.code ? ` ${p.code}` : ''}`,
          });
  }
  return t(KEYS[f.code], vars);
}

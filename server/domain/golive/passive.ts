import type { CheckId, CheckResult } from '../../contract/checks.js';
import type { SandboxContext } from '../../context.js';
import type { RequestLogRecord } from '../../store/request-log.js';
import { CHECK_TEXTS } from './texts.js';
import { currentProtocolCheck } from './current-protocol.js';

/** Fields of a logged request body: form, JSON object or multipart (as the request log keeps them). */
export function loggedFields(e: Pick<RequestLogRecord, 'request_body' | 'path'>): Record<string, string> {
  const body = e.request_body;
  const out: Record<string, string> = {};
  const t = body.trimStart();
  if (t.startsWith('{')) {
    try {
      const obj = JSON.parse(t) as unknown;
      if (obj && typeof obj === 'object' && !Array.isArray(obj))
        for (const [k, v] of Object.entries(obj)) out[k] = typeof v === 'string' ? v : JSON.stringify(v);
    } catch {
      // cut at the log's excerpt length: the fields before the cut are lost too
    }
  } else if (t.startsWith('[multipart body')) {
    for (const m of body.matchAll(/name="([^"]{1,64})"\r?\n(?:[^\r\n]+\r?\n)*\r?\n([^\r\n]*)/g)) out[m[1]!] = m[2]!;
  } else {
    for (const [k, v] of new URLSearchParams(body)) out[k] ??= v;
  }
  const q = e.path.indexOf('?');
  if (q >= 0) for (const [k, v] of new URLSearchParams(e.path.slice(q + 1))) out[k] ??= v;
  return out;
}

const codeOf = (e: RequestLogRecord) => /"code"\s*:\s*"([A-Z_]+)"/.exec(e.response_body)?.[1] ?? null;
const when = (e: RequestLogRecord) => new Date(e.at).toISOString();

/** The passive checks (contract §11): what the sandbox saw from this merchant since the last reset. */
export function passiveChecks(ctx: SandboxContext, publicKey: string, wanted: ReadonlySet<CheckId>): CheckResult[] {
  const mine = ctx.store.requests.ofMerchant(publicKey, ['creation', 'operation_query']).map((e) => ({ e, f: loggedFields(e) }));
  const creations = mine.filter(({ e }) => e.call_kind === 'creation');
  const accepted = creations.filter(({ e }) => e.status === 200);
  const refusedSig = creations.filter(({ e }) => codeOf(e) === 'INVALID_SIGNATURE');
  const none = 'skipped: the sandbox has seen no payment creation from this merchant since the last reset';
  const out: CheckResult[] = [];
  const add = (id: CheckId, verdict: CheckResult['verdict'], evidence: string) => {
    if (wanted.has(id))
      out.push({ id, verdict, title: CHECK_TEXTS[id].title, evidence, advice: CHECK_TEXTS[id].advice, notification_ids: [] });
  };

  if (creations.length === 0) add('signatures_valid', 'skipped', none);
  else if (refusedSig.length) {
    const lines = refusedSig.slice(-5).map(({ e, f }) => {
      const d = e.diagnosis;
      return `request ${e.id} (${when(e)}, trans_id ${f.trans_id ?? '?'}): ${d ? d.explanation : 'no diagnosis kept'}`;
    });
    add('signatures_valid', 'fail', `${refusedSig.length} creation(s) refused with INVALID_SIGNATURE. ${lines.join(' ')}`);
  } else if (accepted.length === 0)
    add('signatures_valid', 'skipped', 'skipped: no creation was accepted yet, so no signature was seen to verify');
  else add('signatures_valid', 'pass', `${accepted.length} signed creation(s) accepted, none refused for its signature.`);

  if (accepted.length === 0) add('creations_without_warnings', 'skipped', none.replace('payment creation', 'accepted payment creation'));
  else {
    const counts = new Map<string, number>();
    for (const { e } of accepted) for (const w of e.warnings) counts.set(w, (counts.get(w) ?? 0) + 1);
    if (counts.size === 0) add('creations_without_warnings', 'pass', `${accepted.length} accepted creation(s), none with a warning.`);
    else
      add(
        'creations_without_warnings',
        'warn',
        `${[...counts].length} distinct warning(s) over ${accepted.length} accepted creation(s): ` +
          [...counts]
            .sort((a, b) => b[1] - a[1])
            .slice(0, 10)
            .map(([w, n]) => `${w} (${n}×)`)
            .join('; ') +
          '. The real service may refuse these.',
      );
  }

  if (accepted.length === 0) add('trans_id_unique', 'skipped', none.replace('payment creation', 'accepted payment creation'));
  else {
    const seen = new Map<string, number>();
    for (const { f } of accepted) if (f.trans_id !== undefined) seen.set(f.trans_id, (seen.get(f.trans_id) ?? 0) + 1);
    const repeated = [...seen].filter(([, n]) => n > 1);
    if (repeated.length)
      add(
        'trans_id_unique',
        'warn',
        `${repeated.length} trans_id(s) sent in more than one accepted creation: ` +
          repeated
            .slice(0, 10)
            .map(([t, n]) => `${t} (${n}×)`)
            .join(', ') +
          '.',
      );
    else add('trans_id_unique', 'pass', `${seen.size} accepted creation(s), each with its own trans_id.`);
  }

  const queries = mine.filter(({ e }) => e.call_kind === 'operation_query');
  if (creations.length === 0) add('queries_operations', 'skipped', none);
  else if (queries.length)
    add(
      'queries_operations',
      'pass',
      `${queries.length} operation quer${queries.length === 1 ? 'y' : 'ies'}, the last at ${when(queries.at(-1)!.e)}.`,
    );
  else
    add(
      'queries_operations',
      'warn',
      "The merchant never asked for an operation's state (GET /api/operations): if a notification is lost, your shop cannot find out.",
    );
  const protocol = currentProtocolCheck(publicKey, creations);
  add('current_protocol', protocol.verdict, protocol.evidence);
  return out;
}

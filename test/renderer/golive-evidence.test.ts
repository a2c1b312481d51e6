import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckId, CheckReport, EvidenceCode, EvidenceFacts } from '../../server/contract/checks.js';
import { evidenceText } from '../../server/contract/golive-evidence.js';
import { CREATION_SIGNED_FIELDS } from '../../server/contract/signed-fields.js';
import { evidenceWords } from '../../renderer/src/features/golive/evidence-text';
import { translate } from '../../renderer/src/app/translate';
import { wordWarning } from '../../renderer/src/app/warning-text';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { closedPort } from '../helpers/receiver.js';
import { answer, DEMO, sha256, startSandbox } from '../helpers/sandbox.js';
import { formPost, plugin2019Fields } from '../protocol/clients.js';
import { correctHandler, phpEchoHandler, sameAnswerHandler, type Handler } from '../golive/handlers.js';

const dictionary = (lang: string) =>
  JSON.parse(readFileSync(new URL(`../../renderer/src/i18n/${lang}.json`, import.meta.url), 'utf8')) as Record<string, string>;
const iso = (s: string) => s;
const esT = (key: string, vars?: Record<string, string | number>) => translate('es', key, vars);
const T = '2026-03-01T12:00:00.000Z';
const ok = { status: 200, latency_ms: 12, error: null };
const refusedConn = { status: null, latency_ms: 3, error: 'connection refused' };
const diagnosis = (explanation: string, reason?: { code: 'no_recipe'; params: Record<string, number> }) => ({
  matched: !reason,
  recipe: reason ? null : { secret: 'none' as const },
  expected_string: 'x',
  explanation,
  ...(reason ? { reason } : {}),
});

/** Every code with the facts a report gives it, for each check that says it (the type misses none). */
const SAMPLES: Record<EvidenceCode, [CheckId, EvidenceFacts][]> = {
  no_url: (['success_url', 'rejection_url', 'payout_url'] as const).map((url) => [
    'success_acknowledged',
    { code: 'no_url', params: { url } },
  ]),
  none_acknowledged: [['answers_fast', { code: 'none_acknowledged', params: {} }]],
  acknowledged: [
    ['success_acknowledged', { code: 'acknowledged', params: {}, heard: [ok] }],
    ['duplicate_acknowledged', { code: 'acknowledged', params: { id: 'ntf_abc' }, heard: [ok] }],
    ['unknown_fields_tolerated', { code: 'acknowledged', params: { field: 'sandbox_probe_extra' }, heard: [ok] }],
    ['rejection_acknowledged', { code: 'acknowledged', params: {}, heard: [{ status: 203, latency_ms: null, error: null }] }],
    ['payout_notification_acknowledged', { code: 'acknowledged', params: {}, heard: [ok] }],
  ],
  not_acknowledged: [['success_acknowledged', { code: 'not_acknowledged', params: {}, heard: [refusedConn] }]],
  refused: [['get_forged_refused', { code: 'refused', params: {}, heard: [{ status: 405, latency_ms: 4, error: null }] }]],
  not_refused: (['forged_signature_refused', 'tampered_amount_refused', 'get_forged_refused'] as const).map((id) => [
    id,
    { code: 'not_refused', params: {}, heard: [ok] },
  ]),
  no_http_answer: [
    ['forged_signature_refused', { code: 'no_http_answer', params: {}, heard: [{ status: null, latency_ms: null, error: 'no answer' }] }],
  ],
  late_acknowledged: [['late_rejection_acknowledged', { code: 'late_acknowledged', params: {}, heard: [ok, ok] }]],
  late_not_acknowledged: [['late_rejection_acknowledged', { code: 'late_not_acknowledged', params: {}, heard: [ok, refusedConn] }]],
  nothing_to_compare: [['rejection_told_apart', { code: 'nothing_to_compare', params: {}, heard: [refusedConn, refusedConn] }]],
  same_answer: [['rejection_told_apart', { code: 'same_answer', params: {}, heard: [ok] }]],
  different_answers: [['rejection_told_apart', { code: 'different_answers', params: {}, heard: [ok, { ...ok, status: 202 }] }]],
  timed_out: [1, 3].map((n) => [
    'answers_fast',
    { code: 'timed_out', params: { n, of: 10, error: 'timeout: no connection within 10000 ms' } },
  ]),
  slow: [1, 2].map((n) => ['answers_fast', { code: 'slow', params: { n, of: 7, slowest: 4012 } }]),
  fast: [1, 7].map((n) => ['answers_fast', { code: 'fast', params: { n, slowest: 40 } }]),
  no_creation: [['signatures_valid', { code: 'no_creation', params: { since: T } }]],
  no_accepted_creation: [['trans_id_unique', { code: 'no_accepted_creation', params: { since: T } }]],
  signatures_refused: [
    [
      'signatures_valid',
      {
        code: 'signatures_refused',
        params: { n: 7, since: T },
        refusals: [
          { request: 3, at: T, diagnosis: diagnosis('The signature was built without the secret key; sign it right.') },
          { request: 4, at: T, diagnosis: diagnosis('No known recipe reproduces this signature.', { code: 'no_recipe', params: {} }) },
          { request: 5, at: T, diagnosis: null },
        ],
      },
    ],
  ],
  no_signature_seen: [['signatures_valid', { code: 'no_signature_seen', params: { since: T } }]],
  signatures_accepted: [1, 2].map((n) => ['signatures_valid', { code: 'signatures_accepted', params: { n, since: T } }]),
  no_warnings: [1, 4].map((n) => ['creations_without_warnings', { code: 'no_warnings', params: { n, since: T } }]),
  warnings: [
    [
      'creations_without_warnings',
      {
        code: 'warnings',
        params: { kinds: 2, n: 5, since: T },
        counted: [
          {
            value: 'amount: sent "5.0000" — the service asks for 2 decimals — read as 5.00',
            n: 3,
            warning: { code: 'amount_decimals_read', field: 'amount', sent: '"5.0000"', params: { value: '5.00' } },
          },
          { value: 'url_ok: not https', n: 1 },
        ],
      },
    ],
  ],
  trans_ids_repeated: [
    ['trans_id_unique', { code: 'trans_ids_repeated', params: { n: 1, since: T }, counted: [{ value: 'ORD-1', n: 2 }] }],
  ],
  trans_ids_unique: [1, 3].map((n) => ['trans_id_unique', { code: 'trans_ids_unique', params: { n, since: T } }]),
  queries_seen: [1, 2].map((n) => ['queries_operations', { code: 'queries_seen', params: { n, since: T, last: T } }]),
  no_queries: [['queries_operations', { code: 'no_queries', params: { since: T } }]],
  current_format: [1, 2].map((n) => ['current_protocol', { code: 'current_format', params: { n, since: T } }]),
  older_format: [
    [
      'current_protocol',
      { code: 'older_format', params: { old: 1, n: 1, since: T, served: 0, merchant: 'pk_x' }, counted: [{ value: '2019', n: 1 }] },
    ],
    [
      'current_protocol',
      {
        code: 'older_format',
        params: {
          old: 3,
          n: 6,
          since: T,
          served: 1,
          merchant: 'pk_x',
          request: 9,
          path: '/payments/',
          channel: '17',
          changes: 1,
          status: 400,
          code: 'INVALID_TIME',
        },
        counted: [
          { value: '2018', n: 2 },
          { value: '2019', n: 1 },
        ],
      },
    ],
  ],
};

describe("go-live evidence in the console's language", () => {
  it('every code reads in English exactly as the report words it, and in Spanish with every value in place', () => {
    const es = dictionary('es');
    const keys = Object.keys(dictionary('en')).filter((k) => k.startsWith('golive.ev.'));
    for (const k of keys) expect(es[k], k).toBeTruthy();
    for (const [code, samples] of Object.entries(SAMPLES)) {
      expect(samples.length, code).toBeGreaterThan(0);
      for (const [id, facts] of samples) {
        const english = evidenceText(id, facts);
        expect(evidenceWords(id, facts, 'en', iso), `${code} ${id}`).toBe(english);
        const spanish = evidenceWords(id, facts, 'es', iso);
        expect(spanish, `${code} ${id}`).not.toBe(english);
        expect(spanish, `${code} ${id}`).not.toMatch(/\{\w+\}|golive\.ev\./);
        for (const v of Object.values(facts.params))
          if (typeof v === 'number' || /^\d{4}-|^pk_|^\//.test(v)) expect(spanish).toContain(String(v));
      }
    }
  });

  it('plurals and answers read naturally in Spanish; times as the console formats them', () => {
    const es = (id: CheckId, f: EvidenceFacts) => evidenceWords(id, f, 'es', (t: string) => `[${t.slice(11, 16)}]`);
    expect(es('signatures_valid', SAMPLES.signatures_accepted[0]![1])).toBe(
      '1 creación firmada aceptada desde [12:00], ninguna rechazada por su firma.',
    );
    expect(es('signatures_valid', SAMPLES.signatures_accepted[1]![1])).toBe(
      '2 creaciones firmadas aceptadas desde [12:00], ninguna rechazada por su firma.',
    );
    expect(es('success_acknowledged', SAMPLES.not_acknowledged[0]![1])).toBe(
      'Una notificación de éxito: conexión rechazada en 3 ms, no aceptada (solo cuentan 200 o 203 en menos de 10 s).',
    );
    expect(es('success_acknowledged', SAMPLES.no_url[2]![1])).toBe(
      'omitida: el comercio no tiene URL para los pagos (payouts): configura payout_url',
    );
    expect(es('answers_fast', SAMPLES.timed_out[0]![1])).toBe(
      '1 de 10 sondas agotó el tiempo de espera (tiempo agotado: sin conexión en 10000 ms).',
    );
    expect(es('creations_without_warnings', SAMPLES.warnings[0]![1])).toBe(
      '2 advertencias distintas en 5 creaciones aceptadas desde [12:00]: ' +
        'amount: se envió "5.0000" — el servicio pide 2 decimales — se leyó como 5.00 (3×); url_ok: not https (1×). ' +
        'El servicio real puede rechazarlas.',
    );
    const refusals = es('signatures_valid', SAMPLES.signatures_refused[0]![1]);
    expect(refusals).toContain('Solicitud 3 ([12:00]): La firma se construyó así: se omite la clave secreta. Firma el SHA-256');
    expect(refusals).toContain('Solicitud 5 ([12:00]): no se guardó un diagnóstico');
  });

  describe('over HTTP: the reports a real check answers', () => {
    let sb: Awaited<ReturnType<typeof startSandbox>>;
    const handlers: Handler[] = [];
    beforeAll(async () => {
      sb = await startSandbox();
    });
    afterAll(async () => {
      await sb.stop();
      await Promise.all(handlers.map((h) => h.close()));
    });
    const runAgainst = async (base: string | null): Promise<CheckReport> => {
      const urls = base
        ? { success_url: `${base}/ok`, rejection_url: `${base}/rejected`, payout_url: `${base}/payout` }
        : { success_url: null, rejection_url: null, payout_url: null };
      expect((await answer(sb, 'updateMerchant', { public_key: DEMO.public_key, body: urls })).status).toBe(200);
      const r = await answer(sb, 'runCheck', { body: {} });
      expect(r.status).toBe(201);
      return r.data;
    };

    it('every verdict carries its facts; the English is worded from them, and the console words them alike', async () => {
      const seen = new Set<EvidenceCode>();
      const read = (r: CheckReport) => {
        for (const c of r.checks) {
          const f = c.evidence_facts!;
          // Every warning a report counts carries its code, and the console says it in Spanish.
          if (f.code === 'warnings')
            for (const w of f.counted!) {
              expect(w.warning, w.value).toBeDefined();
              expect(evidenceWords(c.id, f, 'es', iso)).toContain(`${wordWarning(esT, w.warning!)} (${w.n}×)`);
              expect(wordWarning(esT, w.warning!)).not.toBe(w.value);
            }
          expect(f, c.id).toBeDefined();
          seen.add(f.code);
          expect(evidenceText(c.id, f)).toBe(c.evidence);
          expect(evidenceWords(c.id, f, 'en', iso)).toBe(c.evidence);
          expect(evidenceWords(c.id, f, 'es', iso)).not.toBe(c.evidence);
        }
      };
      read(await runAgainst(null));
      read(await runAgainst(`http://127.0.0.1:${await closedPort()}`));
      // A shop's traffic: accepted creations (one trans_id twice, an amount with a warning), a
      // signature without the secret key, an older request format.
      const again = paymentFields(17, { amount: '50000.0000' });
      expect((await postPayment(sb.url, again)).status).toBe(200);
      expect((await postPayment(sb.url, paymentFields(17, { trans_id: again.trans_id!, amount: '50000.0000' }))).status).toBe(200);
      const bad = paymentFields(17, {}, { sign: false });
      bad.signature = sha256(CREATION_SIGNED_FIELDS.map((k) => bad[k]).join(''));
      expect((await postPayment(sb.url, bad)).status).toBe(400);
      await formPost(
        `${sb.url}/justpay/check-out/SecurePayment`,
        plugin2019Fields({ publicKey: DEMO.public_key, secret: DEMO.secret_key, channel: '1' }),
      );
      for (const made of [correctHandler(DEMO.secret_key), phpEchoHandler(DEMO.secret_key), sameAnswerHandler(DEMO.secret_key)]) {
        const h = await made;
        handlers.push(h);
        read(await runAgainst(h.url));
      }
      expect([...seen].sort()).toEqual(
        expect.arrayContaining([
          'no_url',
          'not_acknowledged',
          'no_http_answer',
          'refused',
          'not_refused',
          'signatures_refused',
          'warnings',
          'trans_ids_repeated',
          'older_format',
          'no_queries',
        ]),
      );
    }, 60_000);

    it('a report kept from before its evidence carried facts is still served, its English as it was', async () => {
      const report = await runAgainst(null);
      const old = { ...report, id: 'chk_0123456789ab', checks: report.checks.map(({ evidence_facts: _, ...c }) => c) };
      const merchant = sb.ctx.store.merchants.byPublicKey(DEMO.public_key)!;
      sb.ctx.store.checks.add(merchant.id, old, Date.now(), Date.now());
      const r = await answer(sb, 'getCheck', { id: old.id });
      expect(r.status).toBe(200);
      expect(r.data.checks.map((c) => [c.evidence, c.evidence_facts])).toEqual(report.checks.map((c) => [c.evidence, undefined]));
    });
  });
});

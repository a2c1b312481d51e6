import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenarioInput } from '../../server/contract/scenario-schema.js';
import { missingTranslations } from '../../server/contract/scenario-translations.js';
import { loadBuiltins } from '../../server/scenarios/builtins.js';
import { parseScenario } from '../../server/scenarios/runner.js';
import { api, control, startSandbox } from '../helpers/sandbox.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.stop());

/** A small lesson with its Spanish texts, as a trainer would write one. */
const lesson = (): ScenarioInput => ({
  name: 'pago-simple',
  title: 'A simple payment',
  description: 'Create and confirm.',
  translations: { es: { title: 'Un pago simple', description: 'Crear y confirmar.' } },
  steps: [
    {
      action: 'create_payment',
      channel: 17,
      as: 'p',
      title: 'Create',
      narration: 'The merchant signs.',
      translations: { es: { title: 'Crear', narration: 'El comercio firma.' } },
    },
    { action: 'confirm', operation: 'p', title: 'Confirm', translations: { es: { title: 'Confirmar' } } },
  ],
});

/** The merchants a refused request must not have created. */
const merchantCount = async () => (await control(sb).listMerchants()).items.length;

describe('scenario translations', () => {
  it('every built-in lesson says all its texts in Spanish, each different from the English', () => {
    const builtins = loadBuiltins();
    expect(builtins.length).toBe(18);
    for (const sc of builtins) {
      expect(missingTranslations(sc, 'es'), sc.name).toEqual([]);
      const es = sc.translations?.es;
      expect(es?.title, sc.name).not.toBe(sc.title);
      for (const [i, s] of sc.steps.entries()) {
        expect(s.translations?.es?.title, `${sc.name} step ${i}`).not.toBe(s.title);
        expect(s.translations?.es?.narration, `${sc.name} step ${i}`).not.toBe(s.narration);
      }
    }
  });

  it('lists and serves a lesson in Spanish with ?lang=es, and in English as before without it', async () => {
    const file = loadBuiltins().find((s) => s.name === 'ch17-success')!;
    const list = await api(sb.url, 'GET', '/sandbox/v1/scenarios?lang=es');
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { name: string }) => i.name === 'ch17-success');
    expect(item.title).toBe('Canal 17 (Colombia): un pago exitoso y su notificación');
    expect(item.description).toBe(file.translations?.es?.description);

    const es = await api(sb.url, 'GET', '/sandbox/v1/scenarios/ch17-success?lang=es-MX');
    expect(es.status).toBe(200);
    expect(es.body.language).toBe('es');
    expect(es.body.steps[0].title).toBe('Crear un pago firmado de 50,000 COP');
    expect(es.body.steps[0].narration).toMatch(/^El comercio envía los campos del formulario/);
    // The English texts travel along as the translation, so the answer is itself a complete scenario file.
    expect(es.body.translations).toEqual({ en: { title: file.title, description: file.description } });
    expect(es.body.steps[0].translations).toEqual({ en: { title: file.steps[0]!.title, narration: file.steps[0]!.narration } });

    const plain = await api(sb.url, 'GET', '/sandbox/v1/scenarios/ch17-success');
    expect(plain.body).toEqual(JSON.parse(JSON.stringify(file)));
    expect((await api(sb.url, 'GET', '/sandbox/v1/scenarios/ch17-success?lang=en')).body).toEqual(plain.body);
  });

  it('refuses a language it does not speak with a clear error', async () => {
    const r = await api(sb.url, 'GET', '/sandbox/v1/scenarios/ch17-success?lang=fr');
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('VALIDATION_ERROR');
    expect(r.body.error.message).toContain('lang');
    expect(r.body.error.message).toContain('en, es');
  });

  it('a lesson read in Spanish runs as a file again, and its report reads in either language', async () => {
    const es = await api(sb.url, 'GET', '/sandbox/v1/scenarios/ch41-spei-success?lang=es');
    const back = parseScenario(JSON.parse(JSON.stringify(es.body)));
    expect(back.ok).toBe(true);
    const inEnglish = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run?lang=en', { scenario: es.body });
    expect(inEnglish.status).toBe(200);
    expect(inEnglish.body.ok).toBe(true);
    expect(inEnglish.body.title).toBe('Channel 41 (Mexico): payment by SPEI transfer');
    expect(inEnglish.body.steps[2].title).toBe('The operation is confirmed');
    const inSpanish = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run', { builtin: 'ch41-spei-success' });
    expect(inSpanish.body.title).toBe('Channel 41 (Mexico): payment by SPEI transfer');
  });

  it("answers a run's report in the language asked; what the steps did stays English, and comes as codes too", async () => {
    const r = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run?lang=es', { scenario: lesson() });
    expect(r.status).toBe(200);
    expect(r.body.ok).toBe(true);
    expect(r.body.title).toBe('Un pago simple');
    expect(r.body.description).toBe('Crear y confirmar.');
    const [create, confirm] = r.body.steps;
    expect([create.title, create.narration, confirm.title, confirm.narration]).toEqual(['Crear', 'El comercio firma.', 'Confirmar', null]);
    expect(create.message).toMatch(/^created operation \d+ \(SCN-\w+-1\) as "p", pending$/);
    expect(create.message_code).toEqual({
      code: 'created',
      params: { id: expect.any(Number), trans_id: expect.stringMatching(/^SCN-/), alias: 'p', status: 'pending' },
    });
    expect(confirm.message_code).toEqual({
      code: 'transitioned',
      params: { action: 'confirm', id: create.message_code.params.id, status: 'confirmed' },
    });
  });

  it('a step-by-step run is read in the language of each request', async () => {
    const open = await api(sb.url, 'POST', '/sandbox/v1/scenarios/runs?lang=es', { builtin: 'ch17-success' });
    expect(open.status).toBe(201);
    expect(open.body.report.steps[0].title).toBe('Crear un pago firmado de 50,000 COP');
    expect(open.body.report.steps[0].message_code).toBeNull();
    const id = open.body.run_id as string;
    const one = await api(sb.url, 'POST', `/sandbox/v1/scenarios/runs/${id}/step?lang=es`);
    expect(one.body.report.steps[0].status).toBe('passed');
    expect(one.body.report.steps[1].narration).toMatch(/^Mientras el comprador no pague/);
    const en = await api(sb.url, 'GET', `/sandbox/v1/scenarios/runs/${id}`);
    expect(en.body.report.steps[0].title).toBe('Create a signed payment of 50,000 COP');
    expect(en.body.report.steps[0].message).toBe(one.body.report.steps[0].message);
    await api(sb.url, 'DELETE', `/sandbox/v1/scenarios/runs/${id}`);
  });

  it('gives every failure as a code with its values, in the order of the English failures', async () => {
    const sc: ScenarioInput = {
      name: 'falla',
      title: 'Fails',
      steps: [
        { action: 'create_payment', channel: 17, as: 'p' },
        { action: 'expect_operation', operation: 'p', status: 'confirmed', events: ['confirmed'] },
      ],
    };
    const r = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run', { scenario: sc });
    const step = r.body.steps[1];
    expect(step.status).toBe('failed');
    expect(step.failures).toEqual([
      'expected operation "p" to be confirmed, it is pending',
      'timeline has no "confirmed" event (has created)',
    ]);
    expect(step.failure_codes).toEqual([
      { code: 'operation_status', params: { alias: 'p', expected: 'confirmed', actual: 'pending' } },
      { code: 'timeline_missing', params: { event: 'confirmed', timeline: 'created' } },
    ]);
  });

  it('names an alias no step created as a code inside the step error', async () => {
    const sc: ScenarioInput = { name: 'sin-alias', title: 'No alias', steps: [{ action: 'confirm', operation: 'nadie' }] };
    const r = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run', { scenario: sc });
    expect(r.body.steps[0].failures).toEqual(['step could not run: no operation "nadie" was created earlier in this scenario']);
    expect(r.body.steps[0].failure_codes).toEqual([
      { code: 'step_error', params: {}, details: [{ code: 'unknown_operation', params: { alias: 'nadie' } }] },
    ]);
  });

  it.each([
    [
      'an unknown language',
      (s: ScenarioInput) => (s.steps[0]!.translations = { fr: { title: 'Créer' } }),
      'steps.0.translations.fr',
      '"fr" is not a language',
    ],
    [
      "the scenario's own language",
      (s: ScenarioInput) => (s.translations = { en: { title: 'Again' } }),
      'translations.en',
      'already in "en"',
    ],
    [
      'a narration the step does not have',
      (s: ScenarioInput) => (s.steps[1]!.translations = { es: { title: 'Confirmar', narration: 'Se confirma.' } }),
      'steps.1.translations.es.narration',
      'no narration to translate',
    ],
    ['an empty text', (s: ScenarioInput) => (s.translations = { es: { title: '' } }), 'translations.es.title', 'cannot be empty'],
    ['a key that is not a text', (s: ScenarioInput) => (s.translations = { es: { titulo: 'x' } as never }), 'translations.es', 'titulo'],
  ])('refuses %s in the documented error shape and runs nothing', async (_what, spoil, path, words) => {
    const sc = lesson();
    spoil(sc);
    const before = await merchantCount();
    for (const route of ['/sandbox/v1/scenarios/run', '/sandbox/v1/scenarios/runs']) {
      const r = await api(sb.url, 'POST', route, { scenario: sc });
      expect(r.status, route).toBe(400);
      expect(r.body.error.code).toBe('VALIDATION_ERROR');
      expect(r.body.error.message).toContain(path);
      expect(r.body.error.message).toContain(words);
    }
    expect(await merchantCount()).toBe(before);
  });

  it('a scenario written in Spanish may carry its English texts', async () => {
    const sc: ScenarioInput = {
      name: 'escrito-en-espanol',
      language: 'es',
      title: 'Una nota',
      translations: { en: { title: 'A note' } },
      steps: [{ action: 'note', title: 'Hola', translations: { en: { title: 'Hello' } } }],
    };
    const es = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run?lang=es', { scenario: sc });
    expect([es.body.title, es.body.steps[0].title]).toEqual(['Una nota', 'Hola']);
    const en = await api(sb.url, 'POST', '/sandbox/v1/scenarios/run?lang=en', { scenario: sc });
    expect([en.body.title, en.body.steps[0].title, en.body.steps[0].message]).toEqual(['A note', 'Hello', 'Hello']);
  });
});

import { describe, expect, it } from 'vitest';
import { STEP_TEXT_CODES, type StepText } from '../../server/contract/step-texts';
import { inEnglish } from '../../server/scenarios/step-words';
import { hasText, translate, type Lang } from '../../renderer/src/app/translate';
import { said, stepText, stepTitle } from '../../renderer/src/features/scenarios/step-text';

const t = (lang: Lang) => (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
const es = t('es');
const en = t('en');
const say = (lang: Lang, x: StepText) => stepText(t(lang), x, inEnglish(x));

describe("a scenario step's outcome in the console's language", () => {
  it('every code the runner sends has a text in both languages', () => {
    const missing = STEP_TEXT_CODES.filter((c) => !hasText(`scnText.${c}`));
    expect(missing).toEqual([]);
  });

  it('words outcomes in Spanish, with the statuses in Spanish too', () => {
    const created: StepText = { code: 'created', params: { id: 12, trans_id: 'SCN-ab12-1', alias: 'pago', status: 'pending' } };
    expect(say('es', created)).toBe('operación 12 creada (SCN-ab12-1) como «pago», pendiente');
    expect(say('en', created)).toBe('created operation 12 (SCN-ab12-1) as "pago", pending');
    expect(say('es', { code: 'payouts_accepted', params: { payroll: 4, n: 1, alias: 'lote' } })).toBe(
      'nómina 4 aceptada con 1 partida, como «lote»',
    );
    expect(say('es', { code: 'payout_is', params: { id: 9, credit_note: 'CN-1', status: 'rejected' } })).toBe(
      'el pago 9 (CN-1) está rechazado',
    );
    expect(say('es', { code: 'notifications_counted', params: { kind: 'success', operation: 'pago', n: 5 } })).toBe(
      'la notificación de éxito de «pago»: llegaron 5',
    );
  });

  it('words failures, the parts a failure lists, and a step that could not run', () => {
    const wrong: StepText = {
      code: 'notification_wrong',
      params: { kind: 'success', operation: 'pago' },
      details: [
        { code: 'field_value', params: { field: 'amount', actual: '"50000"', expected: '"50000.00"' } },
        { code: 'signature_invalid', params: {} },
      ],
    };
    expect(say('es', wrong)).toBe('la notificación de éxito de «pago»: amount vale "50000", se esperaba "50000.00"; la firma no es válida');
    expect(inEnglish(wrong)).toBe('success notification of "pago": amount is "50000", expected "50000.00"; signature is not valid');
    expect(say('es', { code: 'operation_status', params: { alias: 'p', expected: 'confirmed', actual: 'expired' } })).toBe(
      'se esperaba la operación «p» confirmada, pero está expirada',
    );
    const stuck: StepText = { code: 'step_error', params: {}, details: [{ code: 'unknown_operation', params: { alias: 'x' } }] };
    expect(say('es', stuck)).toBe('el paso no se pudo ejecutar: ningún paso anterior de este escenario creó la operación «x»');
    expect(say('en', stuck)).toBe('the step could not run: no operation "x" was created earlier in this scenario');
  });

  it("words a SPEI transfer's reason from its code, and keeps the sandbox's words for a reason without one", () => {
    const matched: StepText = {
      code: 'transfer',
      params: {
        amount: '1500.50',
        rfc: 'GODE561231GR8',
        reason: 'matched operation 3 by RFC GODE561231GR8 and exact amount 1500.50',
        reason_code: 'matched',
        'reason.operation': '3',
        'reason.rfc': 'GODE561231GR8',
        'reason.amount': '1500.50',
      },
    };
    expect(say('es', matched)).toBe(
      'transferencia de 1500.50 desde el RFC GODE561231GR8: aplicada a la operación 3: RFC GODE561231GR8 y monto exacto 1500.50 ' +
        '(se paga primero la operación pendiente más antigua con este RFC y monto)',
    );
    const old: StepText = { code: 'transfer', params: { amount: '1', rfc: 'X', reason: 'some words' } };
    expect(say('es', old)).toBe('transferencia de 1 desde el RFC X: some words');
    const refused: StepText = { code: 'transfer', params: { amount: '1', rfc: 'X', answer: '400 VALIDATION_ERROR: clabe' } };
    expect(say('es', refused)).toBe('transferencia de 1 desde el RFC X: 400 VALIDATION_ERROR: clabe');
  });

  it('names an untitled step, and an action, by what the action does; keeps a title its author gave', () => {
    expect(stepTitle(es, { title: 'create payment', action: 'create_payment' })).toBe('crear pago');
    expect(stepTitle(en, { title: 'advance clock', action: 'advance_clock' })).toBe('advance the clock');
    expect(stepTitle(es, { title: 'Crear un pago', action: 'create_payment' })).toBe('Crear un pago');
    expect(say('es', { code: 'transitioned', params: { action: 'cancel', id: 2, status: 'cancelled' } })).toBe(
      'cancelar: la operación 2 está cancelada',
    );
    expect(say('en', { code: 'transitioned', params: { action: 'cancel', id: 2, status: 'cancelled' } })).toBe(
      'cancel: operation 2 is cancelled',
    );
  });

  it('a note adds nothing to the title the step shows; a report without codes keeps its English', () => {
    expect(
      said(es, { message: 'Nothing was created', message_code: { code: 'note', params: { title: 'Nothing was created' } } }).message,
    ).toBe('');
    expect(said(es, { message: 'something new', failures: ['it broke'] })).toEqual({ message: 'something new', failures: ['it broke'] });
    // A code newer than this console keeps the English sentence it came with.
    expect(stepText(en, { code: 'brand_new' as StepText['code'], params: {} }, 'the English')).toBe('the English');
  });
});

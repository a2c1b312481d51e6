import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../server/contract/errors';
import { errorOf, SandboxApiError } from '../../server/contract/client';
import { allRouteGroups } from '../../server/contract/routes';
import { ConsoleError, errorText } from '../../renderer/src/app/error-text';
import { CONSOLE_ROOT } from './sources.js';

const en = JSON.parse(readFileSync(join(CONSOLE_ROOT, 'i18n', 'en.json'), 'utf8')) as Record<string, string>;

/** A refusal exactly as the control API answers it, read by the typed client as the console reads it. */
const refusal = (status: number, code: string, message: string, details?: unknown) =>
  errorOf(status, JSON.stringify({ error: { code, message, ...(details ? { details } : {}) } }), 'POST /sandbox/v1/x');

describe('error texts in the console language', () => {
  it('words a known code in Spanish and English and keeps the server’s message beside it', () => {
    const err = refusal(409, 'INVALID_TRANSITION', 'operation 7 is confirmed; a final operation does not change');
    expect(errorText('es', err)).toEqual({
      code: 'INVALID_TRANSITION',
      text: 'No es posible en su estado actual: cambió entretanto (el reloj, una transferencia u otra persona lo movió).',
      serverText: 'operation 7 is confirmed; a final operation does not change',
    });
    expect(errorText('en', err).text).toMatch(/^Not possible in its current status/);
  });

  it('names the fields of a validation error from its issues, and words it without them when it has none', () => {
    const issues = [
      { code: 'too_small', path: ['minutes'], message: 'Too small: expected number to be >0' },
      { code: 'invalid_type', path: ['merchant', 'public_key'], message: 'Invalid input' },
    ];
    expect(errorText('es', refusal(400, 'VALIDATION_ERROR', 'invalid body: minutes: Too small', issues)).text).toBe(
      'No es válido: minutes, merchant.public_key. No cambió nada.',
    );
    // Without issues the server's message is the only place that says what to fix: it is shown beside the text.
    expect(errorText('es', refusal(400, 'VALIDATION_ERROR', 'only latency rules take latency_ms'))).toEqual({
      code: 'VALIDATION_ERROR',
      text: 'El sandbox rechazó un valor por no ser válido; no cambió nada.',
      serverText: 'only latency rules take latency_ms',
      showServerText: true,
    });
  });

  it('shows an unknown code with the server’s message as sent, and a console error in the console’s language', () => {
    expect(errorText('es', refusal(400, 'SOMETHING_NEW', 'a future refusal'))).toEqual({ code: 'SOMETHING_NEW', text: 'a future refusal' });
    expect(errorText('es', new ConsoleError('error.merchantGone', { key: 'pk_x' }))).toEqual({
      code: 'ERROR',
      text: 'El comercio pk_x ya no existe.',
    });
    expect(errorText('es', errorOf(502, '<html>Bad gateway</html>', 'GET /x')).text).toBe('El sandbox respondió 502 sin decir por qué.');
    expect(errorText('es', new SandboxApiError(0, 'NETWORK_ERROR', 'the sandbox did not answer')).text).toBe(
      'El sandbox no responde: ¿sigue en marcha?',
    );
  });

  it('has words for every error code a control-API route declares', () => {
    const declared = new Set(
      Object.values(allRouteGroups)
        .flatMap((group) => Object.values(group))
        .filter((route) => route.path.startsWith('/sandbox/v1/'))
        .flatMap((route) => route.errors ?? []),
    );
    expect(declared.size).toBeGreaterThan(5);
    const missing = [...declared, 'UNAUTHORIZED', 'INTERNAL_ERROR', 'PAYLOAD_TOO_LARGE'].filter((c) => !(`apiError.${c}` in en));
    expect(missing).toEqual([]);
    for (const code of declared) expect(code in errorCatalogue, code).toBe(true);
  });
});

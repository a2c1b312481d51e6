import { describe, expect, it } from 'vitest';
import { attemptErrorWords } from '../../renderer/src/components/attempt-error';
import { translate } from '../../renderer/src/app/translate';

const es = (error: string) => {
  const w = attemptErrorWords(error);
  return w ? translate('es', w.key, w.vars) : error;
};

describe('a failed attempt’s error in the console’s language', () => {
  it('words each sentence the delivery engine writes, with its values', () => {
    expect(es('HTTP 500: only 200 or 203 count as delivered')).toBe('HTTP 500: solo 200 o 203 cuentan como entregada');
    expect(es('timeout: no connection within 10000 ms')).toBe('tiempo agotado: sin conexión en 10000 ms');
    expect(es('timeout: no answer within 10000 ms')).toBe('tiempo agotado: sin respuesta completa en 10000 ms');
    expect(es('timeout: no complete answer within 10000 ms')).toBe('tiempo agotado: sin respuesta completa en 10000 ms');
    expect(es('connection refused')).toBe('conexión rechazada');
    expect(es('host not found')).toBe('no se encontró el host');
    expect(es('connection closed by the receiver before it answered')).toBe('el receptor cerró la conexión antes de responder');
    expect(es("SELF_TARGET: 127.0.0.1:4010 (localhost resolves to 127.0.0.1) is this sandbox's own address; nothing was sent")).toBe(
      '127.0.0.1:4010 es la dirección de este mismo sandbox; no se envió nada',
    );
  });

  it('shows anything else as the engine wrote it', () => {
    expect(es('EPROTO: write EPROTO 80A8F1D5:error:0A00010B:SSL routines')).toBe(
      'EPROTO: write EPROTO 80A8F1D5:error:0A00010B:SSL routines',
    );
  });
});

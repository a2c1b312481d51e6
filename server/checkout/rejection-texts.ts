import { CARD_FAILURES } from '../contract/checkout.js';
import type { PageLang } from './lang.js';

/** The card failure texts as a Spanish-speaking shopper reads them; the service's own (English) texts are CARD_FAILURES. */
const SPANISH: Record<keyof typeof CARD_FAILURES, string> = {
  '3001': 'Tarjeta rechazada',
  '3002': 'Tarjeta vencida',
  '3003': 'Fondos insuficientes',
  '3004': 'Tarjeta reportada como robada',
  '3005': 'Rechazada por prevención de fraude',
};

const isCode = (code: string): code is keyof typeof CARD_FAILURES => Object.hasOwn(CARD_FAILURES, code);

/** A card failure code's text in the page's language; null for a code that is not a card failure. */
export function cardFailureText(code: string, lang: PageLang): string | null {
  if (!isCode(code)) return null;
  return lang === 'en' ? CARD_FAILURES[code] : SPANISH[code];
}

/** The simulated bank's refusal (simulated-bank.ts): recorded in the service's English, shown in the page's language. */
export const BANK_REJECTED = { code: 'BANK_REJECTED', message: 'The shopper refused the payment at the bank' } as const;
const BANK_REJECTED_ES = 'Rechazaste el pago en la página del banco';

/**
 * What a rejection shows the shopper: the sandbox's own texts (card codes, the bank's refusal) in
 * the page's language when the recorded message is the sandbox's own (the notification keeps the
 * service's English text); any other message (a tester's own, from the console or the panel) as it
 * was recorded.
 */
export function rejectionText(code: string, recorded: string | undefined, lang: PageLang): string {
  if (code === BANK_REJECTED.code && (recorded === undefined || recorded === BANK_REJECTED.message))
    return lang === 'en' ? BANK_REJECTED.message : BANK_REJECTED_ES;
  const table = isCode(code) ? CARD_FAILURES[code] : undefined;
  if (recorded === undefined || recorded === '' || recorded === table) return cardFailureText(code, lang) ?? recorded ?? '';
  return recorded;
}

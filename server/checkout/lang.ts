/**
 * The shopper's language on the hosted pages: Spanish or English. Chosen by `lang=` in the address
 * (the page's switch, or a trainer's link), remembered in a cookie for the pages that follow (form
 * posts, the redirect after them, the status poll's hop), else the browser's Accept-Language, else
 * Spanish, the service's own language. Texts are written in place as pairs, `say('Pagar', 'Pay')`.
 */

export type PageLang = 'es' | 'en';
export const PAGE_LANGS: readonly PageLang[] = ['es', 'en'];
export const LANG_COOKIE = 'checkout_lang';

/** Picks the text of the page's language from a Spanish and an English one. */
export type Say = (es: string, en: string) => string;
export const sayIn =
  (lang: PageLang): Say =>
  (es, en) =>
    lang === 'en' ? en : es;

/** A text in both languages, Spanish first: for tables of texts written before the page's language is known. */
export type Both = readonly [es: string, en: string];

const isLang = (v: unknown): v is PageLang => v === 'es' || v === 'en';

/** The first of Accept-Language's languages (by q) that the pages speak. */
function fromAcceptLanguage(header: string | undefined): PageLang | null {
  const ranked = (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = Number(/^q=([\d.]+)$/.exec(params.join('').trim())?.[1] ?? '1');
      return { base: tag.toLowerCase().split('-')[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((l) => l.base).find(isLang) ?? null;
}

function fromCookie(header: string | undefined): PageLang | null {
  for (const part of (header ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === LANG_COOKIE && isLang(value)) return value;
  }
  return null;
}

export interface LangRequest {
  query: Record<string, unknown>;
  headers: { cookie?: string; 'accept-language'?: string };
}

/** The page's language for this request, and whether the address chose it (then it is remembered). */
export function pageLang(req: LangRequest): { lang: PageLang; chosen: boolean } {
  const asked = req.query.lang;
  if (isLang(asked)) return { lang: asked, chosen: true };
  return { lang: fromCookie(req.headers.cookie) ?? fromAcceptLanguage(req.headers['accept-language']) ?? 'es', chosen: false };
}

/** The Set-Cookie value that remembers a chosen language on the checkout's paths. */
export const langCookie = (lang: PageLang): string => `${LANG_COOKIE}=${lang}; Path=/check-out; SameSite=Lax; Max-Age=31536000`;

/** The same address with `lang` set: the switch's link. */
export function withLang(here: string, lang: PageLang): string {
  const url = new URL(here, 'http://page.invalid');
  url.searchParams.set('lang', lang);
  return url.pathname + url.search;
}

import { legacyErrorText } from '../contract/protocol.js';
import { html } from './escape.js';
import { layout, resultBlock, type PageSpeech } from './layout.js';

/**
 * The page an older dialect's error address opens (`/check-out/error?error=NNN`): these clients
 * send the shopper to whatever the creation answered, so the shopper and the developer both land
 * here. It names the code and explains it in Spanish and in English, both shown whatever the
 * page's language (the developer reading it may not be the shopper).
 */
export function legacyErrorPage(code: string | undefined, speech: PageSpeech): { status: number; body: string } {
  const shown = (code ?? '').slice(0, 64);
  const text = legacyErrorText(shown);
  const explain = text
    ? html`<div class="stack" data-testid="legacy-error" data-code="${shown}">
<p lang="es" data-testid="legacy-error-es"><b>Código ${shown}.</b> ${text.es}</p>
<p lang="en" data-testid="legacy-error-en"><b>Code ${shown}.</b> ${text.en}</p>
<p class="hint" lang="es">El comercio envió la solicitud de pago con un formato anterior (2018 o 2019) y el servicio la rechazó.</p>
<p class="hint" lang="en">The shop sent the payment request in an older format (2018 or 2019) and the service refused it.</p>
</div>`
    : html`<div class="stack" data-testid="legacy-error" data-code="${shown}">
<p lang="es">No conocemos el código de error «${shown}».</p>
<p lang="en">The error code “${shown}” is not one the service answers.</p></div>`;
  const body = layout({
    ...speech,
    title: `Error ${shown} · Pasarela`,
    main: resultBlock({
      tone: 'bad',
      heading: 'No pudimos iniciar el pago · We could not start the payment',
      text: 'Vuelve a la tienda e inténtalo otra vez. · Go back to the shop and try again.',
      extra: explain,
    }),
  });
  return { status: text ? 200 : 404, body };
}

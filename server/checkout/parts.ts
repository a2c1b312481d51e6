import { html, type Html } from './escape.js';
import type { PageView } from './view.js';

/** A value the shopper copies (payment code, key, CLABE): shown large, with a button that copies `copy`. */
export function copyValue(v: Pick<PageView, 'say'>, testId: string, shown: string, copy: string = shown): Html {
  const button = html`<button type="button" class="copy" data-copy="${copy}">${v.say('Copiar', 'Copy')}</button>`;
  return html`<div class="big-value"><code data-testid="${testId}">${shown}</code>${button}</div>`;
}

/** The face of a choice button or card (`.option`): an icon tile, a name and a line of text. */
export const optionFace = (ico: string, name: string, text: string): Html =>
  html`<span class="ico">${ico}</span><span class="txt"><b>${name}</b><small>${text}</small></span>`;

/** The bank drop-down of a form (`name="bank"`), `prompt` as its empty first choice. */
export function bankSelect(banks: readonly { code: string; name: string }[], prompt: string): Html {
  const options = banks.map((b) => html`<option value="${b.code}">${b.name}</option>`);
  return html`<select id="bank" name="bank" required data-testid="bank-select"><option value="">${prompt}</option>${options}</select>`;
}

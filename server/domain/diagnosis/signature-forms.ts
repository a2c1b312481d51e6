/**
 * Other forms a sender may have signed one value in (contract §10 `field`): the amount with or
 * without decimals, `time` with `T`, an offset or none, trimmed, URL-encoded or decoded, another case.
 * Each form differs from the value as sent; the list has no repeats.
 */
export function fieldForms(name: string, sent: string): string[] {
  const out: string[] = [];
  const add = (v: string) => {
    if (v !== sent && !out.includes(v)) out.push(v);
  };
  add(sent.trim());
  const n = Number(sent);
  if (name === 'amount' && sent.trim() !== '' && Number.isFinite(n)) {
    add(n.toFixed(2));
    add(String(n));
    add(n.toFixed(1));
    add(String(Math.round(n)));
    add(String(Math.round(n * 100)));
  }
  if (name === 'time') {
    const m = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(sent.trim());
    if (m) {
      const [, date, clock, frac = '', zone = ''] = m;
      for (const sep of [' ', 'T'])
        for (const z of ['', 'Z', '+00:00', zone]) {
          add(`${date}${sep}${clock}${z}`);
          if (frac) add(`${date}${sep}${clock}${frac}${z}`);
        }
    }
  }
  if (/[%+]/.test(sent)) {
    try {
      add(decodeURIComponent(sent.replace(/\+/g, ' ')));
    } catch {
      // a lone % is no URL-encoding: no such form
    }
  }
  // A lone surrogate cannot be URL-encoded: that form is left out (the value may still be signed as sent).
  if (!/[\uD800-\uDFFF]/u.test(sent)) add(encodeURIComponent(sent));
  add(new URLSearchParams({ v: sent }).toString().slice(2));
  add(sent.toLowerCase());
  add(sent.toUpperCase());
  add('');
  return out;
}

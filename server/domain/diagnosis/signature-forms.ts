/**
 * Other forms a sender may have signed one value in (a recipe's `field`): the amount with or
 * without decimals, `time` with `T`, an offset or none (or the zone name where the `T` belongs),
 * trimmed, URL-encoded or decoded, another case. Each form differs from the value as sent; the list
 * has no repeats. Amounts are rewritten as text, never through a float, so no form invents a digit
 * (`94.4` becomes `94.40`, never `94.39`).
 */
export function fieldForms(name: string, sent: string): string[] {
  const out: string[] = [];
  const add = (v: string) => {
    if (v !== sent && !out.includes(v)) out.push(v);
  };
  add(sent.trim());
  if (name === 'amount') for (const v of amountForms(sent.trim())) add(v);
  if (name === 'time') for (const v of timeForms(sent.trim())) add(v);
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

/** A decimal amount as an integer programme or a PHP float would print it: two decimals, no trailing zeros, whole, in cents. */
function amountForms(text: string): string[] {
  const m = /^(-?)(\d+)(?:[.,](\d*))?$/.exec(text);
  if (!m) return [];
  const [, sign = '', whole = '', frac = ''] = m;
  const int = String(BigInt(whole));
  let end = frac.length;
  while (end > 0 && frac[end - 1] === '0') end--;
  const trimmed = frac.slice(0, end);
  const forms = [`${sign}${int}${trimmed ? `.${trimmed}` : ''}`, `${sign}${int}.${trimmed.padEnd(1, '0')}`];
  // Two decimals and cents only where they keep every digit sent.
  if (trimmed.length <= 2) {
    forms.unshift(`${sign}${int}.${trimmed.padEnd(2, '0')}`);
    forms.push(`${sign}${String(BigInt(int) * 100n + BigInt(trimmed.padEnd(2, '0')))}`);
  }
  if (trimmed === '') forms.push(`${sign}${int}`);
  return forms;
}

/**
 * `time` with the other separators and offsets, and the layouts a format string gets wrong: PHP's
 * `date('Y-m-dTH:i:s')` prints the zone name where the `T` was meant (`2021-08-03UTC12:31:50`).
 */
function timeForms(text: string): string[] {
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T]|([A-Z]{2,5}))(\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.exec(text);
  if (!m) return [];
  const [, date, zoneName, clock, frac = '', zone = ''] = m;
  const out: string[] = [];
  for (const sep of [' ', 'T', zoneName ?? 'UTC'])
    for (const z of ['', 'Z', '+00:00', zone]) {
      out.push(`${date}${sep}${clock}${z}`);
      if (frac) out.push(`${date}${sep}${clock}${frac}${z}`);
    }
  return out;
}

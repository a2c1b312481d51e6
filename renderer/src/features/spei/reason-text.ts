import type { Transfer } from '@contract/spei.js';
import type { Translate } from '../../app/i18n';
import { hasText, type Vars } from '../../app/translate';
import { fmtTime } from '../../components/format';

/**
 * A transfer's match reason in the console's language, from its code and values; the words the
 * sandbox stored when the transfer has no code (rows older than the codes).
 */
export function reasonText(t: Translate, x: Pick<Transfer, 'reason' | 'reason_code' | 'reason_params'>): string {
  if (!x.reason_code || !x.reason_params) return x.reason;
  const p = x.reason_params;
  const vars: Vars = {
    ...p,
    ...(p.at ? { at: fmtTime(p.at) } : {}),
    ...(p.status ? { status: t(`status.${p.status}`).toLowerCase() } : {}),
  };
  // How many operations are pending; transfers kept before the count was stored list them all ("id (amount MXN), …").
  if (p.pending) vars.n = Number(p.count ?? p.pending.split(', ').length);
  const key = `spei.reasonCode.${x.reason_code}`;
  // A code newer than this console keeps the sandbox's words.
  return hasText(key) ? t(key, vars) : x.reason;
}

import type { SandboxContext } from '../../context.js';
import { namesInternalHost, privateCallbacksAllowed } from '../../delivery/target-rules.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { quotedValue } from './text.js';
import type { Warning } from '../../contract/warnings.js';
import { isSafeHttpUrl } from '../../contract/safe-url.js';

/**
 * Any payout caller picks the item's `channel` address, and the sandbox POSTs the reference and OTP
 * there on approval. On a shared sandbox an address that names this machine or its network
 * (`localhost`, a loopback or private IP) gets this warning and no payload, unless the merchant
 * allows private callbacks; a name that only resolves there is refused when the callback is sent
 * (PRIVATE_TARGET). Null: the payload may go.
 */
export function internalCallbackWarning(
  ctx: Pick<SandboxContext, 'config'>,
  merchant: Pick<MerchantRecord, 'allow_private_callbacks'> | undefined,
  channel: string,
): Warning | null {
  if (!isSafeHttpUrl(channel) || privateCallbacksAllowed(ctx.config, merchant) || !namesInternalHost(channel)) return null;
  const q = quotedValue(channel);
  return { code: 'payout_private_callback', field: 'channel', sent: q.sent, params: q.params };
}

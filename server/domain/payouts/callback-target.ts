import type { SandboxContext } from '../../context.js';
import { namesInternalHost, privateCallbacksAllowed } from '../../delivery/target-rules.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { shown } from './text.js';
import { isHttpUrl } from './validation.js';

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
): string | null {
  if (!isHttpUrl(channel) || privateCallbacksAllowed(ctx.config, merchant) || !namesInternalHost(channel)) return null;
  return (
    `channel: sent ${shown(channel)}, a loopback or private address; this sandbox is shared, so no channel payload will be ` +
    'sent there unless the merchant setting allow_private_callbacks is true'
  );
}

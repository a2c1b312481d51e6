import type { CheckReport } from '../contract/checks.js';
import type { ControlClient } from '../contract/client.js';
import { DEMO_KEYS } from './merchant.js';

/**
 * The go-live check's options, the same for the CLI (`pasarela-sandbox check`), the testkit and the
 * MCP tool: the merchant URLs to probe (set on the merchant first), the orders to speak about, and
 * which checks over which window.
 */
export interface CheckOptions {
  /** The merchant's notification URLs; those given replace the merchant's settings before the check. */
  successUrl?: string;
  rejectionUrl?: string;
  payoutUrl?: string;
  /** Orders of the shop for the probes to speak about (default the merchant's own accepted creations). */
  transIds?: string[];
  /** public_key (default the demo merchant). */
  merchant?: string;
  /** Check ids to run (default all). */
  only?: string[];
  /** ISO 8601 start of the window the passive checks read (default the last reset). */
  since?: string;
}

/** Sets the URLs given on the merchant, then runs the check and answers its report. */
export async function runGoLiveCheck(control: ControlClient, o: CheckOptions): Promise<CheckReport> {
  const merchant = o.merchant ?? DEMO_KEYS.public_key;
  const urls = {
    ...(o.successUrl !== undefined ? { success_url: o.successUrl } : {}),
    ...(o.rejectionUrl !== undefined ? { rejection_url: o.rejectionUrl } : {}),
    ...(o.payoutUrl !== undefined ? { payout_url: o.payoutUrl } : {}),
  };
  if (Object.keys(urls).length) await control.updateMerchant({ public_key: merchant, body: urls });
  return control.runCheck({
    body: {
      merchant,
      ...(o.only ? { only: o.only } : {}),
      ...(o.transIds?.length ? { trans_ids: o.transIds } : {}),
      ...(o.since ? { since: o.since } : {}),
    },
  });
}

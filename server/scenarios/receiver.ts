import { isRecord } from '../contract/common.js';
import { startReceiver as startLoopbackReceiver, type Received as Raw } from '../loopback-receiver.js';

/** One request the merchant side received. */
export interface Received {
  /** success, rejection, payout_notification or payout_callback (by path). */
  kind: string;
  headers: Record<string, string>;
  body: string;
  /** Form fields or the top-level JSON object's values, as strings. */
  fields: Record<string, string>;
}

const KINDS: Record<string, string> = {
  '/success': 'success',
  '/rejection': 'rejection',
  '/payout-notification': 'payout_notification',
  '/payout-channel': 'payout_callback',
};

function view(r: Raw): Received {
  const path = r.path.split('?')[0]!;
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
  const json = isRecord(r.json) ? r.json : {};
  const fromJson = Object.fromEntries(Object.entries(json).map(([k, x]) => [k, typeof x === 'string' ? x : JSON.stringify(x)]));
  return { kind: KINDS[path] ?? path, headers, body: r.body, fields: { ...fromJson, ...r.fields } };
}

/**
 * The merchant's side of a scenario run: the testkit's loopback receiver on a free port, recording
 * every notification and payout callback by kind and answering with a status the scenario can change.
 */
export async function startReceiver(host = '127.0.0.1') {
  const rx = await startLoopbackReceiver({ status: 200, body: 'ok' }, 0, host);
  return {
    get received(): Received[] {
      return rx.received.map(view);
    },
    url: (kind: 'success' | 'rejection' | 'payout-notification' | 'payout-channel') => `${rx.url}/${kind}`,
    setStatus: (s: number) => rx.reply({ status: s, body: s < 300 ? 'ok' : 'scenario receiver failing on purpose' }),
    close: () => rx.close(),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

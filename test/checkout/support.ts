import { createPayment } from '../helpers/payments.js';
import { control } from '../helpers/sandbox.js';

/** Creates a payment through the real creation endpoint; answers its token, id and checkout address. */
export async function newCheckout(
  base: string,
  channel: number,
  overrides: Record<string, string | null> = {},
  shopper: Record<string, string | null> = {},
) {
  const p = await createPayment(base, channel, overrides, { shopper });
  const address = p.text.trim();
  const token = new URL(address).searchParams.get('tokenID')!;
  const list = await control({ url: base }).listOperations({ query: { trans_id: p.fields.trans_id! } });
  return { address, token, id: list.items[0]!.id, fields: p.fields };
}

export async function page(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') ?? '' };
}

/** Posts a checkout form as a browser would; redirects are not followed so the 303 can be checked. */
export async function act(base: string, token: string, action: string, fields: Record<string, string> = {}) {
  const res = await fetch(`${base}/check-out/actions`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ tokenID: token, action, ...fields }).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), html: await res.text() };
}

export async function operation(base: string, id: number) {
  return control({ url: base }).getOperation({ id });
}

import { expect } from 'vitest';
import { answerOf, creationPath, paymentFields, postPayment, type Encoding } from '../helpers/payments.js';
import type { RouteInput } from '../../server/contract/client.js';
import type { merchantRoutes } from '../../server/contract/merchants.js';
import { control } from '../helpers/sandbox.js';

type Posted = Awaited<ReturnType<typeof postPayment>>;

/** Asserts the documented error shape, status and code. */
export function expectError(r: Posted, status: number, code: string): void {
  expect(r.json, r.text).toMatchObject({ error: { code, message: expect.any(String) } });
  expect(r.status).toBe(status);
}

/** Posts signed fields for a channel with overrides (see paymentFields) and answers the response. */
export const post = (
  base: string,
  channel: number,
  overrides: Record<string, string | null> = {},
  opts: Parameters<typeof paymentFields>[2] = {},
  encoding: Encoding = 'form',
) => postPayment(base, paymentFields(channel, overrides, opts), encoding);

/** Posts a raw body with a given content type to a creation path. */
export async function postRaw(
  base: string,
  body: string | undefined,
  contentType: string | undefined,
  path = creationPath(17),
  method = 'POST',
) {
  const headers: Record<string, string> = {};
  if (contentType !== undefined) headers['content-type'] = contentType;
  return answerOf(await fetch(base + path, { method, headers, body }));
}

/** The newest stored operation with a trans_id (via the control API), with its timeline. */
export async function operationOf(base: string, transId: string) {
  const list = await control({ url: base }).listOperations({ query: { trans_id: transId, limit: 1 } });
  const id = list.items[0]?.id;
  if (id === undefined) throw new Error(`no operation with trans_id ${transId}`);
  return control({ url: base }).getOperation({ id });
}

/** The newest operation (control API). */
export async function newestOperation(base: string) {
  const list = await control({ url: base }).listOperations({ query: { limit: 1 } });
  return control({ url: base }).getOperation({ id: list.items[0]!.id });
}

/** Count of stored operations. */
export async function operationCount(base: string): Promise<number> {
  const list = await control({ url: base }).listOperations({ query: { limit: 500 } });
  return list.items.length;
}

/** Creates a merchant through the control API and answers its keys. */
export async function makeMerchant(base: string, settings: Omit<RouteInput<typeof merchantRoutes.createMerchant>['body'], 'name'> = {}) {
  const r = await control({ url: base }).createMerchant({ body: { name: 'Tienda Test', ...settings } });
  return { public_key: r.public_key, secret: r.secret_key, mid_id: r.mid_id };
}

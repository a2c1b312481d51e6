import { z } from 'zod';
import { buildPath } from '../contract/route.js';
import { paymentRoutes } from '../contract/payments.js';
import { payoutApiRoutes } from '../contract/payout-api.js';
import { DEMO_MERCHANT } from '../domain/merchants.js';
import { creationSignature, notifySignature, querySignature } from '../domain/signature.js';
import { creationPathOf } from '../contract/common.js';
import { creationFields, creationTime, payoutItem } from '../domain/valid-fields.js';
import { errorOf, SandboxApiError, send } from '../contract/client.js';

/** A merchant's credentials: the keys of the merchant API and, for payouts, its token or login. */
export interface MerchantKeys {
  public_key: string;
  secret_key: string;
  mid_id?: number;
  /** Static payout token (never expires). */
  payout_token?: string;
  /** Payout login (`POST /api/login`). */
  username?: string;
  password?: string;
}

/** The demo merchant every sandbox starts with. */
export const DEMO_KEYS: MerchantKeys = {
  public_key: DEMO_MERCHANT.public_key,
  secret_key: DEMO_MERCHANT.secret_key,
  mid_id: 1,
  payout_token: DEMO_MERCHANT.payout_token,
  username: DEMO_MERCHANT.payout_username,
  password: DEMO_MERCHANT.payout_password,
};

export type Encoding = 'form' | 'multipart' | 'json';

/** The body and content type of a creation or notify request, as a real client sends it. */
export function encodeFields(
  fields: Record<string, string>,
  encoding: Encoding,
): { body: string | FormData; headers: Record<string, string> } {
  if (encoding === 'json') return { body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } };
  if (encoding === 'form') {
    return {
      body: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
    };
  }
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return { body: fd, headers: {} };
}

export interface PaymentOptions {
  encoding?: Encoding;
  /** Shopper keys merged over the channel's valid shopper (`null` removes one). */
  shopper?: Record<string, string | null>;
  /** false: send without computing a signature (to test INVALID_SIGNATURE, give your own `signature`). */
  sign?: boolean;
  /** Post here instead of the channel's documented path. */
  path?: string;
}

/** A created payment: the hosted checkout address, or the direct-integration JSON. */
export type PaymentAnswer =
  | { kind: 'checkout'; checkout_url: string; token: string; trans_id: string; fields: Record<string, string> }
  | { kind: 'direct'; data: Record<string, unknown>; trans_id: string; fields: Record<string, string> };

const JsonObjectSchema = z.record(z.string(), z.unknown());

let seq = 0;
const uniqueId = (prefix: string) => `${prefix}-${process.pid}-${Date.now().toString(36)}-${++seq}`;

async function answer(res: Response, request: string): Promise<{ text: string; json: unknown }> {
  const text = await res.text();
  if (!res.ok) throw errorOf(res.status, text, request, res.headers.get('x-sandbox-signature-diagnosis') ?? undefined);
  try {
    return { text, json: JSON.parse(text) as unknown };
  } catch {
    return { text, json: undefined };
  }
}

function parseAs<S extends z.ZodType>(schema: S, json: unknown, request: string, status: number): z.output<S> {
  const r = schema.safeParse(json);
  if (r.success) return r.data;
  const issues = r.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new SandboxApiError(status, 'CONTRACT_DRIFT', `answer does not match the contract: ${issues.join('; ')}`, json, request);
}

/** The merchant side of a sandbox: signs and posts like a real client, with one merchant's keys. */
export function merchantClient(baseUrl: string, keys: MerchantKeys = DEMO_KEYS) {
  const payoutHeaders = (token: string | undefined, scheme: string) => {
    const t = token ?? keys.payout_token;
    if (!t) throw new Error('no payout token: pass { token } (from login()) or give the merchant a payout_token');
    return { authorization: `${scheme} ${t}`, 'content-type': 'application/json', accept: 'application/json' };
  };
  const getJson = async (path: string, headers: Record<string, string>) => {
    const request = `GET ${path}`;
    const res = await send(baseUrl + path, { headers }, request);
    return { json: (await answer(res, request)).json, request, status: res.status };
  };

  /**
   * Valid creation fields for a channel (default 17), signed with the merchant's secret: `fields`
   * replace the defaults (`null` removes one); a `signature` you give is sent as it is.
   */
  function paymentFields(
    fields: Record<string, string | null> = {},
    opts: Pick<PaymentOptions, 'shopper' | 'sign'> = {},
  ): Record<string, string> {
    const channel = Number(fields.channel ?? 17);
    const f = creationFields(channel, {
      fields,
      shopper: opts.shopper ?? {},
      publicKey: keys.public_key,
      transId: uniqueId(`TK-${channel}`),
      now: Date.now(),
    });
    if (opts.sign !== false && !('signature' in fields)) f.signature = creationSignature(f, keys.secret_key);
    return f;
  }

  return {
    keys,
    paymentFields,

    /**
     * Creates a payment like a real client: form (default), multipart or JSON. Answers the checkout
     * address (and its token), or the direct-integration JSON; a refusal throws SandboxApiError.
     */
    async createPayment(fields: Record<string, string | null> = {}, opts: PaymentOptions = {}): Promise<PaymentAnswer> {
      const f = paymentFields(fields, opts);
      const path = opts.path ?? creationPathOf(Number(f.channel ?? 17));
      const request = `POST ${path}`;
      const { body, headers } = encodeFields(f, opts.encoding ?? 'form');
      const res = await send(baseUrl + path, { method: 'POST', headers, body }, request);
      const { text, json } = await answer(res, request);
      const trans_id = f.trans_id ?? '';
      if (json !== undefined) return { kind: 'direct', data: parseAs(JsonObjectSchema, json, request, res.status), trans_id, fields: f };
      const checkout_url = parseAs(paymentRoutes.createPaymentPhp.response, text.trim(), request, res.status);
      return { kind: 'checkout', checkout_url, token: new URL(checkout_url).searchParams.get('tokenID') ?? '', trans_id, fields: f };
    },

    /** The operation query: the merchant's operations with this trans_id. */
    async queryOperations(trans_id: string) {
      const q = { public_key: keys.public_key, time: creationTime(Date.now()), mid_id: String(keys.mid_id ?? 1), trans_id };
      const path = `${paymentRoutes.queryOperations.path}?${new URLSearchParams({ ...q, signature: querySignature(q, keys.secret_key) })}`;
      const { json, request, status } = await getJson(path, { accept: 'application/json' });
      return parseAs(paymentRoutes.queryOperations.response, json, request, status);
    },

    /** Sandbox-only manual notify: confirms the newest pending operation with this trans_id. */
    async notify(trans_id: string, encoding: Encoding = 'form') {
      const f = {
        public_key: keys.public_key,
        trans_id,
        signature: notifySignature({ public_key: keys.public_key, trans_id }, keys.secret_key),
      };
      const path = paymentRoutes.manualNotify.path;
      const request = `POST ${path}`;
      const { body, headers } = encodeFields(f, encoding);
      const res = await send(baseUrl + path, { method: 'POST', headers, body }, request);
      return parseAs(paymentRoutes.manualNotify.response, (await answer(res, request)).json, request, res.status);
    },

    /** `POST /api/login` with the merchant's payout login; answers the token. */
    async login(credentials: { username?: string; password?: string } = {}): Promise<string> {
      const spec = payoutApiRoutes.payoutLogin;
      const request = `${spec.method} ${spec.path}`;
      const body = JSON.stringify({ username: credentials.username ?? keys.username, password: credentials.password ?? keys.password });
      const res = await send(baseUrl + spec.path, { method: spec.method, headers: { 'content-type': 'application/json' }, body }, request);
      return parseAs(spec.response, (await answer(res, request)).json, request, res.status).token;
    },

    /**
     * A payout item: `overrides` as given, and valid defaults for what they leave out (a Mexican CLABE
     * account unless they name a bank or a country; `country` is never filled, the bank decides it).
     * The amount's integer part decides the sandbox outcome (even approved, odd rejected).
     */
    payoutItem(overrides: Record<string, unknown> = {}, channelUrl = 'https://beneficiary.example/otp'): Record<string, unknown> {
      return payoutItem(++seq, uniqueId('TK'), channelUrl, overrides);
    },

    /**
     * `POST /api/transactions/`: items are sent as given (build them with `payoutItem()`),
     * with the static payout token or `opts.token` from `login()`.
     */
    async createPayouts(items: Record<string, unknown>[], opts: { token?: string; scheme?: string } = {}) {
      const spec = payoutApiRoutes.createPayouts;
      const request = `${spec.method} ${spec.path}`;
      const res = await send(
        baseUrl + spec.path,
        { method: spec.method, headers: payoutHeaders(opts.token, opts.scheme ?? 'Bearer'), body: JSON.stringify(items) },
        request,
      );
      return parseAs(spec.response, (await answer(res, request)).json, request, res.status);
    },

    /** `GET /api/transactions/?credit_note=…`: the token's merchant's payout items. */
    async listPayouts(
      query: { credit_note?: string; order_id?: string; limit?: number; cursor?: string },
      opts: { token?: string; scheme?: string } = {},
    ) {
      const spec = payoutApiRoutes.listPublicPayouts;
      const { json, request, status } = await getJson(buildPath(spec.path, {}, query), payoutHeaders(opts.token, opts.scheme ?? 'Bearer'));
      return parseAs(spec.response, json, request, status);
    },

    /** `GET /api/transactions/:id`: one payout item of the token's merchant. */
    async getPayout(id: number | string, opts: { token?: string; scheme?: string } = {}) {
      const spec = payoutApiRoutes.getPublicPayout;
      const { json, request, status } = await getJson(
        buildPath(spec.path, { id: String(id) }, {}),
        payoutHeaders(opts.token, opts.scheme ?? 'Bearer'),
      );
      return parseAs(spec.response, json, request, status);
    },
  };
}
export type MerchantClient = ReturnType<typeof merchantClient>;

import { z } from 'zod';
import type { RouteSpec } from '../contract/route.js';
import { asApiReadsIt } from './api-values.js';
import {
  checkReportMarkdown,
  controlClient,
  controlRoutes,
  merchantClient,
  DEMO_KEYS,
  runGoLiveCheck,
  SandboxApiError,
  type MerchantKeys,
} from '../testkit/index.js';

/**
 * The MCP tools of a sandbox: one per control route, read from the same route descriptions as the
 * testkit's `control` client (same names, same `{ :param, query, body }` input), plus the merchant
 * side (`createPayment`, `createPayouts`) signed as the testkit signs. No second list of routes.
 */

/** A JSON Schema object, as MCP's `inputSchema` carries it. */
export type JsonSchema = Record<string, unknown>;

export interface Tool {
  name: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  run: (args: Record<string, unknown>) => Promise<unknown>;
}

export interface ToolTarget {
  /** `http://HOST:PORT` of the sandbox. */
  url: string;
  /** Extra headers of every control call (a shared sandbox's `authorization: Bearer T`). */
  headers?: Record<string, string>;
}

/** What the client sends, as JSON Schema: the input side of the zod schema (before defaults and transforms). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  try {
    const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' });
    return rest;
  } catch {
    return {};
  }
}

const describedParams = (spec: RouteSpec): Record<string, JsonSchema> => {
  const s = spec.params ? jsonSchemaOf(spec.params) : {};
  return (s.properties as Record<string, JsonSchema> | undefined) ?? {};
};

/** A control route's tool input: its `:params` by name (string or integer), `query` and `body` as described. */
export function routeInputSchema(spec: RouteSpec): Tool['inputSchema'] {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const described = describedParams(spec);
  for (const [, name] of spec.path.matchAll(/:(\w+)/g)) {
    const { type: _t, ...rest } = described[name!] ?? {};
    properties[name!] = { ...rest, type: ['string', 'integer'] };
    required.push(name!);
  }
  if (spec.query) properties.query = jsonSchemaOf(spec.query);
  if (spec.body) {
    properties.body = jsonSchemaOf(spec.body);
    if (!spec.body.safeParse(undefined).success && !spec.body.safeParse({}).success) required.push('body');
  }
  return { type: 'object', properties, ...(required.length ? { required } : {}), additionalProperties: false };
}

const describe = (spec: RouteSpec) =>
  [`${spec.summary}.`, `Control API: ${spec.method} ${spec.path}.`, spec.description].filter(Boolean).join(' ');

/** One tool per described control route, calling it through the testkit's typed client. */
export function controlTools(target: ToolTarget): Tool[] {
  const client = controlClient(target.url, { headers: target.headers }) as unknown as Record<
    string,
    (input: Record<string, unknown>) => Promise<unknown>
  >;
  return [...controlRoutes()].map(([name, spec]) => ({
    name,
    description: describe(spec),
    inputSchema: routeInputSchema(spec),
    run: (args) => {
      // Numbers and booleans where the route reads a string, read as the strings they print as.
      const input: Record<string, unknown> = { ...args };
      if (spec.body && 'body' in input) input.body = asApiReadsIt(spec.body, input.body);
      if (spec.query && 'query' in input) input.query = asApiReadsIt(spec.query, input.query);
      return client[name]!(input);
    },
  }));
}

/** A field value: a string, or a JSON number or boolean read as the string it prints as (as the merchant API reads JSON). */
const FieldValue = z
  .union([z.string(), z.number(), z.boolean()])
  .nullable()
  .transform((v) => (v === null ? null : String(v)));
const FieldsSchema = z.record(z.string(), FieldValue);
const MerchantPick = {
  public_key: z
    .string()
    .optional()
    .describe("The merchant's public key (default: the demo merchant, pk_sandbox_demo); its secret is read from the sandbox."),
};

const CreatePaymentInput = z.strictObject({
  fields: FieldsSchema.optional().describe(
    'Creation fields over valid defaults for the channel (channel 17 unless given; amount, currency, ' +
      'trans_id, direct_integration, filter_by…); null removes a default.',
  ),
  shopper: FieldsSchema.optional().describe("shopper_information keys over the channel's valid shopper; null removes one."),
  encoding: z.enum(['form', 'multipart', 'json']).optional().describe('How the request is posted (default form).'),
  ...MerchantPick,
});

const CreatePayoutsInput = z.strictObject({
  items: z
    .array(z.record(z.string(), z.unknown()))
    .min(1)
    .max(500)
    .optional()
    .describe(
      'Per item, fields over a valid Mexican CLABE payout item; an even integer amount is approved, odd rejected. Default: one item.',
    ),
  channel_url: z.string().optional().describe("Where each item's OTP callback goes (the item's `channel`)."),
  ...MerchantPick,
});

const CheckIntegrationInput = z.strictObject({
  success_url: z.string().optional().describe('Where the shop receives payment notifications (set on the merchant before the check).'),
  rejection_url: z.string().optional().describe('Where it receives channel 17 rejections; without one those probes are skipped.'),
  payout_url: z.string().optional().describe('Where it receives payout status changes; without one that probe is skipped.'),
  trans_ids: z.array(z.string()).optional().describe("Orders of the shop for the probes (default the merchant's own accepted creations)."),
  merchant: z.string().optional().describe("The merchant's public key (default the demo merchant)."),
  only: z.array(z.string()).optional().describe('Check ids to run (default all).'),
  since: z.string().optional().describe('ISO 8601 start of the window the passive checks read (default the last reset).'),
});

/** Plain-text message of a zod failure of a tool's own input. */
const inputProblem = (error: z.ZodError) =>
  new SandboxApiError(0, 'INVALID_TOOL_INPUT', error.issues.map((i) => `${i.path.join('.') || '(input)'}: ${i.message}`).join('; '));

/** The merchant-side tools: a signed payment creation and a payout batch, as the testkit's merchant sends them. */
export function merchantTools(target: ToolTarget): Tool[] {
  const control = controlClient(target.url, { headers: target.headers });
  const keysOf = async (publicKey: string | undefined): Promise<MerchantKeys> => {
    if (publicKey === undefined || publicKey === DEMO_KEYS.public_key) return DEMO_KEYS;
    const m = (await control.listMerchants()).items.find((x) => x.public_key === publicKey);
    if (!m) throw new SandboxApiError(404, 'MERCHANT_NOT_FOUND', `no merchant has the public key ${publicKey}`);
    return { public_key: m.public_key, secret_key: m.secret_key, mid_id: m.mid_id, payout_token: m.payout_token ?? undefined };
  };
  return [
    {
      name: 'createPayment',
      description:
        'Creates a payment as a merchant would: valid fields for the channel, signed with the merchant ' +
        'secret (SHA-256 of public_key time amount currency trans_id time_expired url_ok url_error channel, then the secret), ' +
        'posted to the channel path. Answers the checkout address (or the ' +
        'direct-integration JSON) and the sandbox operation id.',
      inputSchema: { ...jsonSchemaOf(CreatePaymentInput), type: 'object' },
      run: async (args) => {
        const parsed = CreatePaymentInput.safeParse(asApiReadsIt(CreatePaymentInput, args));
        if (!parsed.success) throw inputProblem(parsed.error);
        const { fields, shopper, encoding, public_key } = parsed.data;
        const merchant = merchantClient(target.url, await keysOf(public_key));
        const answer = await merchant.createPayment(fields ?? {}, { shopper, encoding });
        const { items } = await control.listOperations({ query: { trans_id: answer.trans_id } });
        return { ...answer, operation_id: items[0]?.id ?? null };
      },
    },
    {
      name: 'createPayouts',
      description:
        "Posts a payout batch (POST /api/transactions/) with the merchant's payout token: each item is a " +
        'valid item with the given fields over it. Answers the payroll and its items.',
      inputSchema: { ...jsonSchemaOf(CreatePayoutsInput), type: 'object' },
      run: async (args) => {
        const parsed = CreatePayoutsInput.safeParse(asApiReadsIt(CreatePayoutsInput, args));
        if (!parsed.success) throw inputProblem(parsed.error);
        const { items, channel_url, public_key } = parsed.data;
        const merchant = merchantClient(target.url, await keysOf(public_key));
        return merchant.createPayouts((items ?? [{}]).map((o) => merchant.payoutItem(o, channel_url)));
      },
    },
    {
      name: 'checkIntegration',
      description:
        "The go-live check with the CLI's options (pasarela-sandbox check): sets the shop's notification URLs on the " +
        'merchant, probes them about its orders and reads what the sandbox saw. Answers the report and the same ' +
        'report as Markdown.',
      inputSchema: { ...jsonSchemaOf(CheckIntegrationInput), type: 'object' },
      run: async (args) => {
        const parsed = CheckIntegrationInput.safeParse(args);
        if (!parsed.success) throw inputProblem(parsed.error);
        const a = parsed.data;
        const report = await runGoLiveCheck(control, {
          successUrl: a.success_url,
          rejectionUrl: a.rejection_url,
          payoutUrl: a.payout_url,
          transIds: a.trans_ids,
          merchant: a.merchant,
          only: a.only,
          since: a.since,
        });
        return { report, markdown: checkReportMarkdown(report) };
      },
    },
  ];
}

/** Every tool of the sandbox at `target`; a name used twice is a bug of this list. */
export function sandboxTools(target: ToolTarget): Tool[] {
  const tools = [...controlTools(target), ...merchantTools(target)];
  const names = new Set<string>();
  for (const t of tools) {
    if (names.has(t.name)) throw new Error(`two MCP tools are named ${t.name}`);
    names.add(t.name);
  }
  return tools;
}

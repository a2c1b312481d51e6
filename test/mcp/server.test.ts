import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../../server/mcp/server.js';
import { jsonSchemaOf, routeInputSchema } from '../../server/mcp/tools.js';
import { controlRoutes, startReceiver, startSandbox, type CheckReport, type TestSandbox } from 'pasarela-sandbox/testkit';

// The MCP server's tools against a real sandbox, through the SDK's client on an in-memory
// transport (the stdio command itself is tested from the packed package, test/package/integrations.test.ts).
let sandbox: TestSandbox;
let client: Client;

type Answer = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text: string }[] };
const call = async (name: string, args: Record<string, unknown> = {}) => (await client.callTool({ name, arguments: args })) as Answer;

beforeAll(async () => {
  sandbox = await startSandbox();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createMcpServer({ url: sandbox.url }).connect(serverSide);
  client = new Client({ name: 'test', version: '1.0.0' });
  await client.connect(clientSide);
});
afterAll(async () => {
  await client?.close();
  await sandbox?.stop();
});

describe('MCP tools', () => {
  it('are the control routes, by name, with input schemas generated from their descriptions, plus the merchant tools', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      [...controlRoutes().keys(), 'createPayment', 'createPayouts', 'checkIntegration'].sort(),
    );
    for (const t of tools) expect(t.inputSchema.type).toBe('object');
    const reject = tools.find((t) => t.name === 'rejectOperation')!;
    expect(reject.description).toContain('POST /sandbox/v1/operations/:id/reject');
    expect(reject.inputSchema).toEqual(routeInputSchema(controlRoutes().get('rejectOperation')!));
    // The body's schema is the route's own body schema, as JSON Schema (what the OpenAPI document shows).
    expect(reject.inputSchema.properties!.body).toEqual(jsonSchemaOf(controlRoutes().get('rejectOperation')!.body!));
    expect(reject.inputSchema.required).toEqual(['id']);
  });

  it('drive the sandbox: a payment created, then rejected with the operator’s codes', async () => {
    const created = await call('createPayment', { fields: { channel: '17', amount: '75000' }, encoding: 'multipart' });
    expect(created.structuredContent).toMatchObject({ kind: 'checkout', trans_id: expect.any(String), operation_id: expect.any(Number) });
    const id = created.structuredContent!.operation_id as number;
    const rejected = await call('rejectOperation', { id: String(id), body: { rejection_code: 'R01', rejection_message: 'sin fondos' } });
    expect(rejected.structuredContent).toMatchObject({ id, status: 'rejected' });
    expect((await sandbox.control.getOperation({ id })).status).toBe('rejected');
  });

  it('createPayment signs for another merchant with that merchant’s secret', async () => {
    const m = await sandbox.control.createMerchant({ body: { name: 'Tienda MCP' } });
    const created = await call('createPayment', { public_key: m.public_key, fields: { channel: '38' } });
    expect(created.isError).toBeFalsy();
    const op = await sandbox.control.getOperation({ id: created.structuredContent!.operation_id as number });
    expect(op.channel).toBe(38);
    const unknown = await call('createPayment', { public_key: 'pk_nobody' });
    expect(unknown).toMatchObject({ isError: true, structuredContent: { error: { code: 'MERCHANT_NOT_FOUND' } } });
  });

  it("checkIntegration takes the CLI's options: the handler's URL, the shop's orders, the checks", async () => {
    const shop = await startReceiver();
    try {
      const r = await call('checkIntegration', { success_url: `${shop.url}/ok`, trans_ids: ['700100200'], only: ['success_acknowledged'] });
      expect(r.isError).toBeFalsy();
      const report = r.structuredContent!.report as CheckReport;
      expect(report.orders).toEqual([{ trans_id: '700100200', source: 'given', checks: ['success_acknowledged'] }]);
      expect(report.checks.map((c) => [c.id, c.verdict])).toEqual([['success_acknowledged', 'pass']]);
      expect(r.structuredContent!.markdown).toMatch(/^# Go-live check chk_/);
      const bad = await call('checkIntegration', { only: 'success_acknowledged' });
      expect(bad.isError).toBe(true);
    } finally {
      await shop.close();
    }
  });

  it('answer a failure as a tool error with the sandbox’s code and message', async () => {
    const missing = await call('getOperation', { id: 424242 });
    expect(missing).toMatchObject({ isError: true, structuredContent: { error: { code: 'NOT_FOUND', status: 404 } } });
    expect(JSON.parse(missing.content[0]!.text)).toEqual({ error: missing.structuredContent!.error });
    const noParam = await call('getOperation', {});
    expect(noParam).toMatchObject({
      isError: true,
      structuredContent: { error: { code: 'TOOL_FAILED', message: expect.stringContaining('id') } },
    });
    expect((await call('getClock')).isError).toBeFalsy();
  });

  it('answer NETWORK_ERROR when no sandbox listens at the address', async () => {
    const [c, s] = InMemoryTransport.createLinkedPair();
    await createMcpServer({ url: 'http://127.0.0.1:9' }).connect(s);
    const other = new Client({ name: 'test', version: '1.0.0' });
    await other.connect(c);
    try {
      const r = (await other.callTool({ name: 'getClock', arguments: {} })) as Answer;
      expect(r).toMatchObject({ isError: true, structuredContent: { error: { code: 'NETWORK_ERROR' } } });
    } finally {
      await other.close();
    }
  });

  it('read JSON numbers and booleans as the strings they print as, in every tool, as the merchant API reads JSON', async () => {
    const created = await call('createPayment', { fields: { channel: 17, amount: 75000, direct_integration: false } });
    expect(created.isError).toBeUndefined();
    const id = created.structuredContent!.operation_id as number;
    const op = (await call('getOperation', { id })).structuredContent!;
    expect(op).toMatchObject({ channel: 17, amount: '75000' });
    const rejected = await call('rejectOperation', { id, body: { rejection_code: 51, rejection_message: 'sin fondos' } });
    expect(rejected.isError).toBeUndefined();
    expect((await call('getOperation', { id })).structuredContent!.status).toBe('rejected');
    const diagnosed = await call('diagnoseSignature', { body: { fields: { channel: 17, amount: 50000 }, signature: 'x' } });
    expect(diagnosed.isError).toBeUndefined();
    expect(diagnosed.structuredContent!.expected_string).toContain('50000');
    const payouts = await call('createPayouts', { items: [{ amount: 2000 }] });
    expect(payouts.isError).toBeUndefined();
    // What no reading makes a string is still the sandbox's to refuse, in its words.
    const refused = await call('rejectOperation', { id, body: { rejection_code: { nested: 1 } } });
    expect(refused.isError).toBe(true);
  });
});

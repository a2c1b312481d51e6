import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { isRecord } from '../contract/common.js';
import { readVersion } from '../version.js';
import { SandboxApiError } from '../testkit/index.js';
import { sandboxTools, type ToolTarget } from './tools.js';

/** A failure as an MCP tool error: the sandbox's code and message, in text and as structured content. */
export function toolError(err: unknown): CallToolResult {
  const e =
    err instanceof SandboxApiError
      ? {
          code: err.code,
          message: err.reason,
          status: err.status,
          ...(err.request ? { request: err.request } : {}),
          ...(err.details === undefined ? {} : { details: err.details }),
        }
      : { code: 'TOOL_FAILED', message: err instanceof Error ? err.message : String(err), status: 0 };
  return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: e }, null, 2) }], structuredContent: { error: e } };
}

/** A tool's answer: JSON text for every client, and structured content when it is an object. */
export function toolResult(value: unknown): CallToolResult {
  const structured = isRecord(value) ? { structuredContent: value } : {};
  return { content: [{ type: 'text', text: JSON.stringify(value ?? null, null, 2) }], ...structured };
}

/**
 * The MCP server of one sandbox. The low-level `Server` rather than `McpServer`: each tool's input
 * schema is JSON Schema generated from the route descriptions (as the OpenAPI document is), and its
 * arguments go to the sandbox as sent, so the sandbox, not a second validator, answers bad input.
 */
export function createMcpServer(target: ToolTarget, instructions?: string): Server {
  const tools = sandboxTools(target);
  const byName = new Map(tools.map((t) => [t.name, t]));
  const server = new Server(
    { name: 'pasarela-sandbox', version: readVersion() },
    {
      capabilities: { tools: {} },
      instructions:
        instructions ??
        `Drives a Pasarela Sandbox at ${target.url}: list and confirm/reject operations, inject SPEI ` +
          'transfers, advance the clock, read and resend notifications, create signed payments and payout ' +
          'batches.',
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const tool = byName.get(request.params.name);
    if (!tool) throw new McpError(ErrorCode.InvalidParams, `unknown tool ${request.params.name}; tools/list names them all`);
    try {
      return toolResult(await tool.run(request.params.arguments ?? {}));
    } catch (err) {
      return toolError(err);
    }
  });
  return server;
}

import { z } from 'zod';
import { defineRoute } from './route.js';
import { pageOf, pageQuery } from './paging.js';

export const RequestLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  request_id: z.string(),
  method: z.string(),
  path: z.string(),
  status: z.number().int(),
  latency_ms: z.number(),
  request_headers: z.record(z.string(), z.string()),
  request_body: z.string(),
  response_body: z.string(),
  note: z.string().nullable(),
  warnings: z.array(z.string()).describe('what the request was accepted with despite the spec (creation warnings)'),
});
export type RequestLogEntry = z.infer<typeof RequestLogEntrySchema>;

export const RequestLogQuerySchema = z.object({
  ...pageQuery({ max: 1000, def: 100 }),
  path: z.string().max(200).optional().describe('only requests whose path starts with this'),
});

export const requestRoutes = {
  listRequests: defineRoute({
    method: 'GET',
    path: '/sandbox/v1/requests',
    summary: 'The request log: every merchant API call and every control-API change, newest first',
    tags: ['requests'],
    query: RequestLogQuerySchema,
    response: pageOf(RequestLogEntrySchema),
  }),
};

import { api } from '../helpers/sandbox.js';

/** POST /sandbox/v1/replays with a JSON body; answers status and parsed body. */
export const replay = (base: string, body: unknown) => api(base, 'POST', '/sandbox/v1/replays', body);

/** Points the demo merchant's notification URLs at a receiver (plain http on localhost allowed). */
export const notifyTo = (base: string, receiver: string) =>
  api(base, 'PATCH', '/sandbox/v1/merchants/pk_sandbox_demo', {
    success_url: `${receiver}/success`,
    rejection_url: `${receiver}/rejection`,
    allow_http_localhost: true,
  });

import type { RouteInput } from '../../server/contract/client.js';
import type { replayRoutes } from '../../server/contract/replays.js';
import { answer, control, failure } from '../helpers/sandbox.js';

type Sb = { url: string };
type ReplayBody = RouteInput<typeof replayRoutes.runReplay>['body'];

/** POST /sandbox/v1/replays; answers the status and the parsed report (an error answer throws). */
export const replay = (sb: Sb, body: ReplayBody) => answer(sb, 'runReplay', { body });

/** The error answer (status, code, reason) of a replay the sandbox refuses. */
export const refused = (sb: Sb, body: ReplayBody) => failure(control(sb).runReplay({ body }));

/** Points the demo merchant's notification URLs at a receiver (plain http on localhost allowed). */
export const notifyTo = (sb: Sb, receiver: string) =>
  control(sb).updateMerchant({
    public_key: 'pk_sandbox_demo',
    body: { success_url: `${receiver}/success`, rejection_url: `${receiver}/rejection`, allow_http_localhost: true },
  });

/**
 * pasarela-sandbox/testkit: drive the sandbox from a merchant's own test suite (docs/testkit.md).
 * Depends only on the sandbox itself, zod and Node built-ins.
 */
export { startSandbox, stopAllSandboxes, type StartOptions, type TestSandbox } from './start.js';
export {
  controlClient,
  controlRoutes,
  SandboxApiError,
  type ControlClient,
  type ControlRouteName,
  type RouteInput,
  type RouteOutput,
} from '../contract/client.js';
export {
  DEMO_KEYS,
  merchantClient,
  type Encoding,
  type MerchantClient,
  type MerchantKeys,
  type PaymentAnswer,
  type PaymentOptions,
} from './merchant.js';
export {
  explainNotification,
  signNotification,
  verifyNotification,
  type NotificationInput,
  type NotificationLayout,
} from './notifications.js';
export { receiver, startReceiver, type Match, type Received, type Receiver, type Reply } from '../loopback-receiver.js';
export { eventually } from './eventually.js';
export { runGoLiveCheck, type CheckOptions } from './check.js';
export { checkLine, checkReportJson, checkReportMarkdown } from '../contract/golive-report.js';
export type { CheckReport, CheckResult, ProbeAnswer } from '../contract/checks.js';
export type { Diagnosis, Recipe } from '../contract/diagnosis.js';

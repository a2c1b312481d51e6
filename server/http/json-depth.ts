import { SandboxError } from '../contract/errors.js';
import { MAX_JSON_DEPTH, nestsDeeperThan } from '../contract/json-depth.js';

/** `value` unchanged when it nests at most MAX_JSON_DEPTH deep; otherwise 400 INVALID_JSON naming `what`. */
export function checkDepth<T>(value: T, what: string): T {
  if (nestsDeeperThan(value)) throw new SandboxError('INVALID_JSON', `${what} nests deeper than ${MAX_JSON_DEPTH} levels`);
  return value;
}

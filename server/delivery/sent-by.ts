import { randomBytes } from 'node:crypto';

/**
 * The header on every request the sandbox sends (notifications, payout callbacks, go-live probes,
 * replayed calls). The control API refuses any request that carries it, whoever relayed it: a
 * delivery addressed to a reverse proxy in front of this (or another) sandbox comes back as that
 * proxy's client, never as the operator.
 */
export const SENT_BY_HEADER = 'x-pasarela-sandbox-sender';
/** This process's value of the header (random: it names the sending process in a receiver's log, and nothing else). */
export const SENT_BY = randomBytes(8).toString('hex');

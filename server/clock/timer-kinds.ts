/**
 * Every persisted timer kind, one list: the sandbox hands the scheduler one handler per kind
 * (`Record<TimerKind, TimerHandler>`, so a kind without a handler does not compile). A stored row of
 * any other kind (an older or newer version's) is logged and kept, never fired or deleted.
 */
export const TIMER_KINDS = ['operation.expire', 'payout.process', 'payout.bank', 'notification.retry'] as const;
export type TimerKind = (typeof TIMER_KINDS)[number];

export const isTimerKind = (kind: string): kind is TimerKind => (TIMER_KINDS as readonly string[]).includes(kind);

/**
 * When the merchant API last received a payment creation, in real time. The delivery worker
 * reads it to let a backlog of deliveries give way to merchants who are making payments
 * right now (delivery/pace.ts). Real time, not sandbox time: it is about
 * sharing this machine's CPU, and a paused or advanced sandbox clock says nothing about that.
 */
export function createMerchantActivity(realNow: () => number) {
  let last = -Infinity;
  return {
    /** A payment creation arrived (the server's listener, http/listener.ts, calls it for each one). */
    arrived(): void {
      last = realNow();
    },
    /** A creation arrived within the last `ms`. */
    recent: (ms: number): boolean => realNow() - last < ms,
  };
}
export type MerchantActivity = ReturnType<typeof createMerchantActivity>;

import type { Request } from 'express';

/**
 * How much of a refused request is still read and thrown away (README, Reliability): answering
 * and closing while the client is still sending makes most clients (Python `urllib`, Node `http`
 * with `Connection: close`) fail with EPIPE before they read the answer. Past the cap the client
 * is cut instead, so a refusal never costs more than this.
 */
export const DISCARD_CAP = { bytes: 64 * 1024 * 1024, ms: 10_000 } as const;

export interface Discarded {
  /** The client finished sending: the connection is clean and may be kept alive. */
  ended: boolean;
  /** Bytes read and thrown away here (not counting what a body reader already read). */
  bytes: number;
}

/**
 * Reads and discards what remains of a request, up to `cap`. Resolves once the client finished
 * sending (`ended`), or went past the cap or away (not `ended`: close the connection after the
 * answer). A body that declares a length past the cap is not read at all.
 */
export function discardRest(req: Request, cap: { bytes: number; ms: number } = DISCARD_CAP): Promise<Discarded> {
  if (req.readableEnded) return Promise.resolve({ ended: true, bytes: 0 });
  if (req.destroyed) return Promise.resolve({ ended: false, bytes: 0 });
  if (Number(req.headers['content-length'] ?? 0) > cap.bytes) return Promise.resolve({ ended: false, bytes: 0 });
  return new Promise((resolve) => {
    let bytes = 0;
    const done = (ended: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onClose);
      resolve({ ended, bytes });
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > cap.bytes) done(false);
    };
    const onEnd = () => done(true);
    // 'close' before 'end': the client went away mid-body.
    const onClose = () => done(req.readableEnded);
    const timer = setTimeout(() => done(false), cap.ms);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onClose);
    // Flowing with no one keeping the chunks: past the cap they are dropped until the socket closes.
    req.resume();
  });
}

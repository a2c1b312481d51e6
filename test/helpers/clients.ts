import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';

/** What a client got: the answer it read, or the error it failed with (EPIPE, reset, …). */
export type ClientResult = { status: number; body: string; error?: undefined } | { error: string; status?: undefined; body?: undefined };

export interface Post {
  url: string;
  method?: string;
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * Node `http` the way a file upload is written: the body piped in 64 KiB chunks with backpressure,
 * no keep-alive agent (`Connection: close`), the answer read when it comes.
 */
export function nodeHttpPost(p: Post): Promise<ClientResult> {
  return new Promise((resolve) => {
    const u = new URL(p.url);
    // Done once the answer was read and the body was sent whole, or at the first error (even one
    // after the answer: a pipe broken mid-upload is a failure for the integration that sent it).
    let answer: ClientResult | null = null;
    let sent = false;
    let failed = false;
    const settle = () => answer && sent && !failed && resolve(answer);
    const fail = (err: NodeJS.ErrnoException) => {
      if (failed) return;
      failed = true;
      resolve({ error: `${err.code ?? ''} ${err.message}` });
    };
    const req = request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: p.method ?? 'POST',
        agent: false,
        headers: { ...p.headers, 'content-length': p.body.length },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          answer = { status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') };
          settle();
        });
        res.on('error', fail);
      },
    );
    req.on('error', fail);
    req.on('finish', () => {
      sent = true;
      settle();
    });
    const chunks = function* () {
      for (let i = 0; i < p.body.length; i += 64 * 1024) yield p.body.subarray(i, i + 64 * 1024);
    };
    Readable.from(chunks()).pipe(req);
  });
}

/** `fetch` (undici), the body as one buffer. */
export async function fetchPost(p: Post): Promise<ClientResult> {
  try {
    const res = await fetch(p.url, { method: p.method ?? 'POST', headers: p.headers, body: new Uint8Array(p.body) });
    return { status: res.status, body: await res.text() };
  } catch (err) {
    const e = err as Error & { cause?: { code?: string; message?: string } };
    return { error: `${e.message} ${e.cause?.code ?? ''} ${e.cause?.message ?? ''}` };
  }
}

/** Python `urllib` (which sends `Connection: close` and reads only once the whole body is sent), one process for all. */
export function pythonPosts(cases: (Omit<Post, 'body'> & { file: string })[]): Promise<ClientResult[]> {
  const script = join(import.meta.dirname, 'post_bodies.py');
  const arg = JSON.stringify(cases.map((c) => ({ url: c.url, method: c.method ?? 'POST', file: c.file, headers: c.headers })));
  return new Promise((resolve, reject) => {
    execFile('python3', [script, arg], { maxBuffer: 64 * 1024 * 1024, timeout: 170_000 }, (err, stdout, stderr) => {
      if (err) return reject(new Error(`python3 failed: ${err.message} ${stderr}`));
      resolve(
        stdout
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l) as ClientResult),
      );
    });
  });
}

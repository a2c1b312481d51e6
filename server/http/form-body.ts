import type { Request } from 'express';
import { readFormBody, type FormBody, type FormBodyOptions } from '../body/read-body.js';

export type { FormBody, FormBodyOptions };

/** Parses `req.rawBody` as a merchant API form (urlencoded, multipart or JSON on every channel); see body/read-body.ts. */
export const parseFormBody = (req: Pick<Request, 'headers' | 'rawBody'>, opts: FormBodyOptions = {}): Promise<FormBody> =>
  readFormBody(req.rawBody ?? Buffer.alloc(0), req.headers['content-type'], opts);

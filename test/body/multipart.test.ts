import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFormBody } from '../../server/http/form-body.js';
import { FORM_LIMITS, type ReadFields } from '../../server/body/fields.js';
import { readMultipartWithBusboy, readPlainFields as readWithPositions } from '../../server/body/multipart.js';
import { SandboxError } from '../../server/contract/errors.js';

// Busboy is the reference: whenever the fast reader accepts a body, its fields must be busboy's; for
// every body, parseFormBody must answer what busboy answers (the declined ones go to busboy itself).

/** Fields as read, without where each sits (busboy does not say). */
const fieldsOnly = (r: ReadFields | null) => r && { fields: r.fields, repeated: r.repeated };
const readPlainFields = (raw: Buffer, contentType: string, limits: typeof FORM_LIMITS) =>
  fieldsOnly(readWithPositions(raw, contentType, limits));
const parseMultipartWithBusboy = (raw: Buffer, headers: { 'content-type': string }) =>
  readMultipartWithBusboy(raw, headers['content-type'], FORM_LIMITS).then(fieldsOnly);

type Outcome = { ok: true; value: unknown } | { ok: false; code: string; message: string };
const settle = async (p: Promise<unknown>): Promise<Outcome> => {
  try {
    return { ok: true, value: await p };
  } catch (err) {
    if (!(err instanceof SandboxError)) throw err;
    return { ok: false, code: err.code, message: err.message };
  }
};

/** Busboy's answer, fast reader's answer, and parseFormBody's answer for one body. */
async function readAllWays(contentType: string, raw: Buffer) {
  const headers = { 'content-type': contentType };
  const busboy = await settle(parseMultipartWithBusboy(raw, headers));
  const fast = readPlainFields(raw, contentType, FORM_LIMITS);
  const viaForm = await settle(
    parseFormBody({ headers, rawBody: raw }).then(({ encoding, ...rest }) => (expect(encoding).toBe('multipart'), fieldsOnly(rest))),
  );
  return { busboy, fast, viaForm };
}

// RFC 2046 boundary characters the fast reader takes, and a few busboy also takes that it declines.
const boundaryArb = fc.stringMatching(/^[A-Za-z0-9'()+_,\-./:=?]{1,40}$/);
const caseArb = (word: string) =>
  fc
    .array(fc.boolean(), { minLength: word.length, maxLength: word.length })
    .map((up) => [...word].map((c, i) => (up[i] ? c.toUpperCase() : c.toLowerCase())).join(''));

const plainNameArb = fc.stringMatching(/^[A-Za-z0-9_\-.[\] !#$&'()*+,/:;<=>?@^`{|}~]{1,30}$/);
/** Value text: any unicode, CR LF, blank lines and boundary-like text (not a real delimiter: filtered below). */
const valueArb = (b: string) =>
  fc
    .array(
      fc.oneof(
        fc.string({ unit: 'binary', maxLength: 12 }),
        fc.constantFrom('\r\n', '\r\n\r\n', '--', `--${b}`, `--${b}--`, `\n--${b}`, `\r--${b}`, 'ñ', '😀', '\r', '\n'),
      ),
      {
        maxLength: 6,
      },
    )
    .map((xs) => xs.join(''));

interface Part {
  name: string;
  value: string;
  dispositionCase: string;
  spacing: [string, string, string];
  contentType: string | null;
  typeFirst: boolean;
}
const partArb = (b: string, nameArb: fc.Arbitrary<string>) =>
  fc.record<Part>({
    name: nameArb,
    value: valueArb(b),
    dispositionCase: caseArb('content-disposition'),
    spacing: fc.tuple(fc.constantFrom('', ' ', '  ', '\t'), fc.constantFrom('', ' '), fc.constantFrom('', ' ')),
    contentType: fc.option(
      fc.constantFrom('text/plain', 'text/plain; charset=utf-8', 'Text/Plain;charset="UTF-8"', 'TEXT/PLAIN ; CHARSET=utf8'),
      { nil: null },
    ),
    typeFirst: fc.boolean(),
  });

const partText = (b: string, p: Part) => {
  const disposition = `${p.dispositionCase}:${p.spacing[0]}form-data${p.spacing[1]};${p.spacing[2]}name="${p.name}"`;
  const lines =
    p.contentType === null
      ? [disposition]
      : p.typeFirst
        ? [`Content-Type: ${p.contentType}`, disposition]
        : [disposition, `content-type: ${p.contentType}`];
  return `--${b}\r\n${lines.join('\r\n')}\r\n\r\n${p.value}\r\n`;
};

/** Fields as the merchant meant them: first value per name, later occurrences listed. */
function expected(parts: Part[]) {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const repeated: string[] = [];
  for (const p of parts) {
    if (p.name in fields) repeated.push(p.name);
    else fields[p.name] = p.value;
  }
  return { fields, repeated };
}

/** The shapes real integrations send: every one must take the fast path and read as busboy reads it. */
const plainBodyArb = boundaryArb.chain((b) =>
  fc.record({
    b: fc.constant(b),
    quoted: fc.boolean(),
    parts: fc.array(partArb(b, fc.oneof(plainNameArb, fc.constantFrom('amount', 'channel', 'trans_id'))), { maxLength: 12 }),
    preamble: fc.option(fc.string({ unit: 'binary', maxLength: 20 }), { nil: null }),
    epilogue: fc.option(fc.string({ unit: 'binary', maxLength: 20 }), { nil: null }),
  }),
);
// A boundary-like text only becomes a delimiter after CR LF; those values are a different body.
const framed = ({ b, parts, preamble }: { b: string; parts: Part[]; preamble: string | null }) =>
  parts.every((p) => !`\r\n\r\n${p.value}\r\n`.includes(`\r\n--${b}`)) &&
  !(preamble ?? '').includes(`\r\n--${b}`) &&
  !(b.endsWith(' ') || b.includes('"'));

describe('multipart fast reader against busboy', () => {
  it('reads every plain-field body as busboy does: unicode, CR LF, boundary-like values, repeated names, optional text/plain', async () => {
    await fc.assert(
      fc.asyncProperty(plainBodyArb.filter(framed), async ({ b, quoted, parts, preamble, epilogue }) => {
        const raw = Buffer.from(
          `${preamble === null ? '' : `${preamble}\r\n`}${parts.map((p) => partText(b, p)).join('')}--${b}--${epilogue ?? ''}`,
        );
        const contentType = `multipart/form-data; boundary=${quoted || !/^[A-Za-z0-9'+_.-]+$/.test(b) ? `"${b}"` : b}`;
        const { busboy, fast, viaForm } = await readAllWays(contentType, raw);
        expect(busboy).toEqual({ ok: true, value: expected(parts) });
        expect(fast).toEqual(expected(parts));
        expect(viaForm).toEqual(busboy);
      }),
      { numRuns: 400 },
    );
  });

  /** Mostly the plain choice, sometimes one of the odd ones, so both sides of the property are met. */
  const mostly = <T>(plain: fc.Arbitrary<T>, ...odd: T[]) =>
    fc.oneof({ weight: 12, arbitrary: plain }, { weight: 1, arbitrary: fc.constantFrom(...odd) });

  /** Odd shapes, declined or not: what the fast reader accepts must be busboy's reading. */
  const oddBodyArb = boundaryArb.chain((b) =>
    fc.record({
      b: fc.constant(b),
      contentType: mostly(
        fc.constantFrom(`multipart/form-data; boundary=${b}`, `multipart/form-data; boundary="${b}"`, `Multipart/Form-Data;BOUNDARY=${b}`),
        `multipart/form-data; charset=utf-8; boundary=${b}`,
        `multipart/form-data; boundary=${b}; charset=utf-8`,
        `multipart/form-data; boundary="${b}\\"x"`,
        `multipart/form-data; boundary="${b} "`,
        `multipart/form-data; boundary=!${b}`,
      ),
      parts: fc.array(
        fc.tuple(
          partArb(b, mostly(plainNameArb, 'a\\"b', 'a%22b', '', 'ñame', 'a\tb', 'a\rb')),
          mostly(
            fc.constant(null),
            '; filename="receipt.txt"',
            "; filename*=UTF-8''r%C3%A9.txt",
            "; name*=UTF-8''n%C3%A1me",
            '; foo=bar',
            ';',
            '\r\nContent-Transfer-Encoding: 8bit',
            '\r\nContent-Type: application/octet-stream',
            '\r\nContent-Type: text/plain; charset=iso-8859-1',
            '\r\nContent-Type: text/html',
            '\r\n folded',
            '\r\nX-Other: 1',
            '\r\ncontent-disposition: form-data; name="twice"',
          ),
        ),
        { maxLength: 6 },
      ),
      lineEnd: mostly(fc.constant('\r\n'), '\n'),
      afterBoundary: mostly(fc.constant(''), ' ', '\t', '-'),
      preamble: fc.option(fc.string({ unit: 'binary', maxLength: 12 }), { nil: null }),
      ending: mostly(
        fc.constantFrom(`--${b}--`, `--${b}--\r\nepilogue`),
        `--${b}-`,
        `--${b}`,
        `--${b}\r\n`,
        '',
        `--${b}--\r\n--${b}\r\nContent-Disposition: form-data; name="late"\r\n\r\nx\r\n--${b}--`,
      ),
    }),
  );

  it('accepts only what busboy reads alike: files, encoded names, other headers, LF-only lines, no end boundary go to busboy', async () => {
    let accepted = 0;
    let declined = 0;
    await fc.assert(
      fc.asyncProperty(oddBodyArb, async ({ b, contentType, parts, lineEnd, afterBoundary, preamble, ending }) => {
        const text = parts
          .map(([p, extra]) => {
            const full = partText(b, p);
            const withExtra = extra === null ? full : full.replace(/"\r\n\r\n/, `"${extra}\r\n\r\n`);
            return withExtra.replace(`--${b}\r\n`, `--${b}${afterBoundary}\r\n`).replace(/\r\n/g, lineEnd);
          })
          .join('');
        const raw = Buffer.from(`${preamble === null ? '' : `${preamble}\r\n`}${text}${ending}`);
        const { busboy, fast, viaForm } = await readAllWays(contentType, raw);
        if (fast === null) declined++;
        else {
          accepted++;
          expect(busboy).toEqual({ ok: true, value: fast });
        }
        expect(viaForm).toEqual(busboy);
      }),
      { numRuns: 2000 },
    );
    // Both sides of the property were exercised.
    expect(accepted).toBeGreaterThan(150);
    expect(declined).toBeGreaterThan(400);
  });

  it('leaves every FORM_LIMITS bound to busboy, which answers its own errors', async () => {
    const b = 'limits';
    const body = (parts: [string, string][]) =>
      Buffer.from(parts.map(([n, v]) => `--${b}\r\nContent-Disposition: form-data; name="${n}"\r\n\r\n${v}\r\n`).join('') + `--${b}--\r\n`);
    const ct = `multipart/form-data; boundary=${b}`;
    const many = body(Array.from({ length: FORM_LIMITS.fields + 1 }, (_, i) => [`x${i}`, '1']));
    const long = body([['trans_id', 'T'.repeat(FORM_LIMITS.fieldBytes + 1)]]);
    const exact = body([['trans_id', 'T'.repeat(FORM_LIMITS.fieldBytes)]]);
    for (const raw of [many, long, exact]) {
      expect(readPlainFields(raw, ct, FORM_LIMITS)).toBeNull();
      const { busboy, viaForm } = await readAllWays(ct, raw);
      expect(busboy.ok).toBe(false);
      expect(viaForm).toEqual(busboy);
    }
    const longName = body([['n'.repeat(FORM_LIMITS.nameBytes), '1']]);
    expect(readPlainFields(longName, ct, FORM_LIMITS)).toBeNull();
    // Just under every bound, the fast reader still reads the body.
    const under = body([
      ...Array.from({ length: FORM_LIMITS.fields - 2 }, (_, i): [string, string] => [`x${i}`, '1']),
      ['v', 'T'.repeat(FORM_LIMITS.fieldBytes - 1)],
    ]);
    expect(readPlainFields(under, ct, FORM_LIMITS)).toEqual(
      (await readAllWays(ct, under)).busboy.ok && (await parseMultipartWithBusboy(under, { 'content-type': ct })),
    );
  });
});

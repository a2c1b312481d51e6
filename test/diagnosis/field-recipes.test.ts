import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Encoding } from '../helpers/payments.js';
import { paymentFields, postPayment } from '../helpers/payments.js';
import { control, DEMO, startSandbox } from '../helpers/sandbox.js';

type Sb = Awaited<ReturnType<typeof startSandbox>>;

/**
 * Runs PHP the way the published integrations sign: `$f` holds the creation fields (without the
 * signature), `$secret` the secret key; the code prints the signature.
 */
function php(code: string, f: Record<string, string>): string {
  const prelude = '$f = json_decode(getenv("FIELDS"), true); $secret = getenv("SECRET");';
  return execFileSync('php', ['-r', `${prelude} ${code}`], {
    env: { ...process.env, FIELDS: JSON.stringify(f), SECRET: DEMO.secret_key },
    encoding: 'utf8',
  }).trim();
}

/** The nine creation fields, signed in PHP, as that integration's request would carry them. */
const unsigned = (overrides: Record<string, string | null> = {}) => paymentFields(17, overrides, { sign: false });

describe('diagnosis of the recipes published integrations use, built by PHP itself', () => {
  let sb: Sb;
  beforeAll(async () => {
    sb = await startSandbox();
  });
  afterAll(() => sb.stop());
  const lastLogged = async () => (await control(sb).listRequests({ query: { limit: 1, path: '/payments/' } })).items[0]!;
  const signedKeys = ['public_key', 'time', 'amount', 'currency', 'trans_id', 'time_expired', 'url_ok', 'url_error', 'channel'];
  const pick = (f: Record<string, string>) => Object.fromEntries(signedKeys.map((k) => [k, f[k] ?? '']));

  it('the secret sorted in among the values and used as the HMAC key, base64 of hex: named, hint in the message', async () => {
    const f = unsigned();
    f.signature = php(
      '$v = $f; $v["secret_key"] = $secret; ksort($v); echo base64_encode(hash_hmac("sha256", implode("", $v), $secret));',
      pick(f),
    );
    const r = await postPayment(sb.url, f);
    expect([r.status, r.json.error.code]).toEqual([400, 'INVALID_SIGNATURE']);
    // `secret` and `secret_key` sort to the same place among these fields: the first such name is given.
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe(
      'order=alphabetical; secret=in_values_and_hmac_key; secret_name=secret; encoding=base64_of_hex',
    );
    // Plugins that show only the body still read what happened.
    expect(r.json.error.message).toMatch(
      /\(your signature was built with the values in alphabetical order of field names, with the secret key among the values .*: see X-Sandbox-Signature-Diagnosis\)$/,
    );
    const d = (await lastLogged()).diagnosis!;
    expect(d.recipe).toEqual({
      order: 'alphabetical',
      secret: 'in_values_and_hmac_key',
      secret_name: 'secret',
      encoding: 'base64_of_hex',
    });
  });

  it('public_key left out and the amount signed as PHP number_format prints it (50000.00 while 50000 was sent)', async () => {
    const f = unsigned({ amount: '50000' });
    f.signature = php(
      '$s = $f["time"] . number_format((float) $f["amount"], 2, ".", "") . $f["currency"] . $f["trans_id"] . $f["time_expired"]' +
        ' . $f["url_ok"] . $f["url_error"] . $f["channel"] . $secret; echo hash("sha256", $s);',
      pick(f),
    );
    const r = await postPayment(sb.url, f);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('order=public_key_left_out; field=amount; signed=50000.00');
    expect((await lastLogged()).diagnosis!.recipe).toEqual({
      order: 'public_key_left_out',
      field: { name: 'amount', sent: '50000', signed: '50000.00' },
    });
  });

  it('a float amount printed by PHP (94.4 while 94.40 was sent) is named as it was signed, never with an invented digit', async () => {
    const f = unsigned({ amount: '94.40' });
    f.signature = php('$f["amount"] = (string) (float) $f["amount"]; echo hash("sha256", implode("", $f) . $secret);', pick(f));
    const r = await postPayment(sb.url, f);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('field=amount; signed=94.4');
    const d = (await lastLogged()).diagnosis!;
    expect(d.explanation).toContain('"94.4" while "94.40" was sent');
    expect(d.explanation).not.toMatch(/94\.39|"94"/);
    // The other way round: 94.4 sent, signed with the two decimals it should carry.
    const g = unsigned({ amount: '94.4' });
    g.signature = php('$f["amount"] = sprintf("%.2f", $f["amount"]); echo hash("sha256", implode("", $f) . $secret);', pick(g));
    const r2 = await postPayment(sb.url, g);
    expect(r2.headers.get('x-sandbox-signature-diagnosis')).toBe('field=amount; signed=94.40');
  });

  it("time from date('Y-m-dTH:i:s') is named as the field, and the next problem (INVALID_TIME) is in the message", async () => {
    const broken = php('date_default_timezone_set("UTC"); echo date("Y-m-dTH:i:s", 1627993910);', {});
    expect(broken).toBe('2021-08-03UTC12:31:50');
    // Sent proper, signed broken: a field.
    const f = unsigned({ time: '2021-08-03 12:31:50' });
    f.signature = php(`$f["time"] = "${broken}"; echo hash("sha256", implode("", $f) . $secret);`, pick(f));
    const r = await postPayment(sb.url, f);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('field=time; signed=2021-08-03UTC12%3A31%3A50');
    // Sent broken and signed with a wrong recipe: the recipe, and the refusal that comes once it is fixed.
    const g = unsigned({ time: broken });
    g.signature = php('ksort($f); echo hash("sha256", implode("", $f) . $secret);', pick(g));
    const r2 = await postPayment(sb.url, g);
    expect(r2.headers.get('x-sandbox-signature-diagnosis')).toBe('order=alphabetical');
    expect(r2.json.error.message).toMatch(/; once signed right, this request meets INVALID_TIME: .*\)$/);
    expect((await lastLogged()).diagnosis!.next_problem).toMatchObject({ code: 'INVALID_TIME' });
  });

  it.each<Encoding>(['form', 'multipart', 'json'])('a %s body is diagnosed alike', async (encoding) => {
    const f = unsigned();
    f.signature = php('ksort($f); $v = array_values($f); $v[] = $secret; echo hash("sha256", implode("|", $v));', pick(f));
    const r = await postPayment(sb.url, f, encoding);
    expect(r.status).toBe(400);
    expect(r.headers.get('x-sandbox-signature-diagnosis')).toBe('order=alphabetical; separator="|"');
    expect(r.json.error.message).toMatch(/see X-Sandbox-Signature-Diagnosis\)$/);
    expect((await lastLogged()).diagnosis!.recipe).toEqual({ order: 'alphabetical', separator: '|' });
  });
});

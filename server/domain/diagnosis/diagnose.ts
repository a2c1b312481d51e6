import { specOrderOf, type DiagnoseResult, type Diagnosis, type SignatureKind } from '../../contract/diagnosis.js';
import { SandboxError } from '../../contract/errors.js';
import type { SandboxContext } from '../../context.js';
import type { MerchantRecord } from '../../store/merchants.js';
import { DEMO_MERCHANT } from '../merchants.js';
import type { CreationRequest } from '../create-operation.js';
import { dryRunCreation } from '../creation-dry-run.js';
import { creationSignature } from '../signature.js';
import { diagnoseSignature, expectedString } from './signature-search.js';
import { sameText, sha256Hex, signatureMatches } from '../secrets.js';

const others = (ctx: SandboxContext, except: MerchantRecord | undefined) =>
  ctx.store.merchants
    .list()
    .filter((m) => m.id !== except?.id)
    .map((m) => ({ public_key: m.public_key, secret_key: m.secret_key }));

/**
 * The diagnosis of a creation refused with INVALID_SIGNATURE, or null when the
 * merchant is unknown (that refusal is INVALID_MERCHANT, not a signature to explain). Its next
 * problem is the refusal the same request meets once signed right, so a developer fixes both at
 * once: the creation's own checks run on it, re-signed, and store nothing. They ask no DNS question:
 * a request anyone can send unsigned makes the sandbox look up no domain it names.
 */
export async function diagnoseCreation(ctx: SandboxContext, req: CreationRequest): Promise<Diagnosis | null> {
  const fields = req.fields;
  const merchant = ctx.store.merchants.byPublicKey(fields.public_key ?? '');
  if (!merchant) return null;
  const d = diagnoseSignature({
    kind: 'creation',
    fields,
    sentOrder: Object.keys(fields),
    secret: merchant.secret_key,
    signature: fields.signature ?? '',
    others: others(ctx, merchant),
  });
  const signedRight = { ...fields, signature: creationSignature(fields, merchant.secret_key) };
  const next = await dryRunCreation(ctx, { ...req, fields: signedRight }, true);
  return next.code === null ? d : { ...d, next_problem: { code: next.code, message: next.message } };
}

/**
 * The signature inspector's question (console, control API): what the documented recipe signs for
 * these fields, whether the given signature matches, and if not, how it was built. One module
 * answers both this and the refused creations, so the console has no copy of its own.
 */
export function diagnoseFields(
  ctx: SandboxContext,
  input: { kind: SignatureKind; fields: Record<string, string>; signature?: string; merchant?: string; secret?: string },
): DiagnoseResult {
  const key = input.merchant ?? input.fields.public_key ?? DEMO_MERCHANT.public_key;
  const merchant = ctx.store.merchants.byPublicKey(key);
  if (!merchant && input.secret === undefined)
    throw new SandboxError('NOT_FOUND', `no merchant ${key.slice(0, 255)}; give its secret instead`);
  const secret = input.secret ?? merchant!.secret_key;
  const provided = (input.signature ?? input.fields.signature ?? '').trim();
  const expected_signature = sha256Hex(
    specOrderOf(input.kind)
      .map((k) => input.fields[k] ?? '')
      .join('') + secret,
  );
  const match = provided !== '' && signatureMatches(provided, expected_signature);
  const diagnosis =
    provided === '' || match
      ? null
      : diagnoseSignature({
          kind: input.kind,
          fields: input.fields,
          secret,
          signature: provided,
          // The secret in use names no other merchant.
          others: others(ctx, input.secret === undefined ? merchant : undefined).filter((o) => !sameText(o.secret_key, secret)),
        });
  return { expected_signature, expected_string: expectedString(input.kind, input.fields), provided, match, diagnosis };
}

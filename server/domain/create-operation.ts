import { checkoutAddress, creationAddress } from '../contract/common.js';
import { channelRules } from '../channels/registry.js';
import { domainResolves, emailDomain } from '../channels/shopper-email.js';
import { parseShopper, shopperCode, validateShopper } from '../channels/shopper.js';
import type { ChannelRules, CreationPath, MethodResult, Prepared } from '../channels/types.js';
import type { ChannelId } from '../contract/common.js';
import type { MerchantRecord } from '../store/merchants.js';
import type { SandboxContext } from '../context.js';
import type { BodyEncoding } from '../contract/body-encoding.js';
import { SandboxError } from '../contract/errors.js';
import type { NewOperation, OperationRecord } from '../store/operations.js';
import { readSandboxSettings } from '../store/settings.js';
import {
  checkBlacklist,
  checkCurrency,
  checkLengths,
  checkRequired,
  checkReturnUrl,
  readAmount,
  readChannel,
  type Amount,
  readDirect,
  readTime,
} from './creation-checks.js';
import { checkShopperNotBracketed, transportWarnings } from './creation-fields.js';
import { fieldWarning, warningTexts, type Warning } from '../contract/warnings.js';
import { EXPIRE_TIMER, transition } from './operations.js';
import { checkoutToken } from './random-hex.js';
import { signatureMatches } from './secrets.js';
import { creationSignature } from './signature.js';

/** Magic trans_id prefix, on any channel: the provider "could not create" the payment. */
export const CREATION_ERROR_PREFIX = 'SBX-CREATION-ERROR';

export interface CreationRequest {
  fields: Record<string, string>;
  /** Field names sent more than once. */
  repeated: string[];
  encoding: BodyEncoding;
  path: CreationPath;
  /** The service prefix the request was sent under (`/justpay`, `/justpay.cert`), if any, and its path as sent. */
  prefix?: string;
  sentPath?: string;
}

/** The answer, the stored operation and the warnings kept on it (also shown in the request log). */
export type CreationResult =
  | { kind: 'address'; url: string; operation: OperationRecord; warnings: Warning[] }
  | { kind: 'direct'; body: Record<string, unknown>; operation: OperationRecord; warnings: Warning[] };

/** What the checks of a creation read and decided, before anything is written. */
export interface CheckedCreation {
  merchant: MerchantRecord;
  channel: ChannelId;
  rules: ChannelRules;
  amount: Amount;
  shopper: Record<string, string>;
  email: string;
  direct: boolean;
  method: MethodResult;
  minutes: number;
  warnings: Warning[];
}

/**
 * Every check of a creation, in the documented order (required fields, merchant, signature,
 * channel, currency, amount, shopper, blacklist, filter_by); the first failure throws its SandboxError.
 * Writes nothing: `createOperation` stores what it answers, and the dry run (creation-dry-run.ts)
 * only asks whether a request would be accepted. `offline`: the e-mail domain is checked without
 * asking DNS, even where the settings ask it (reserved names and the deny-list only).
 */
export async function checkCreation(ctx: SandboxContext, req: CreationRequest, offline = false): Promise<CheckedCreation> {
  const f = req.fields;
  const warnings: Warning[] = [];
  const dup = req.repeated.filter((k) => k !== 'filter_by');
  if (dup.length) throw new SandboxError('INVALID_BODY', `fields sent more than once: ${[...new Set(dup)].join(', ')}`);

  checkRequired(f);
  const merchant = ctx.store.merchants.byPublicKey(f.public_key!);
  if (!merchant) throw new SandboxError('INVALID_MERCHANT', 'no merchant matches public_key');
  if (!signatureMatches(f.signature!, creationSignature(f, merchant.secret_key))) {
    throw new SandboxError(
      'INVALID_SIGNATURE',
      'signature does not match: sha256 of public_key time amount currency trans_id time_expired url_ok ' +
        'url_error channel + secret key, values as sent',
    );
  }
  if (!merchant.enabled) throw new SandboxError('MERCHANT_DISABLED', 'the merchant account is not active');

  const channel = readChannel(f.channel!, merchant);
  const rules = channelRules(channel);
  transportWarnings(f, { encoding: req.encoding, path: req.path, rules, warnings, prefix: req.prefix, sentPath: req.sentPath });
  checkCurrency(f.currency!, channel, merchant);
  const amount = readAmount(f.amount!, {
    wholeAmounts: rules.wholeAmounts ?? false,
    minAmount: rules.minAmount,
    maxAmount: merchant.max_amount,
    warnings,
  });

  readTime(f.time!, warnings);
  checkReturnUrl('url_ok', f.url_ok!, merchant.allow_http_localhost);
  checkReturnUrl('url_error', f.url_error!, merchant.allow_http_localhost);
  checkLengths(f);

  checkShopperNotBracketed(f);
  const shopper = validateShopper(
    rules.shopper,
    parseShopper(f.shopper_information, rules.shopper.fields.address ? ['address'] : []),
    f.filter_by,
    warnings,
  );
  const email = shopper.email!;
  const domain = emailDomain(email);
  const emailCode = shopperCode(rules.shopper, 'email');
  if (!domain) throw new SandboxError(emailCode, `shopper_information.email "${email.slice(0, 60)}" is not a valid e-mail address`);
  const settings = readSandboxSettings(ctx.store.settings);
  if (!(await domainResolves(domain, offline ? { ...settings, email_real_dns: false } : settings, warnings))) {
    throw new SandboxError(emailCode, `the domain of shopper_information.email (${domain}) cannot be resolved`);
  }
  checkBlacklist(shopper.Num_doc_identi, merchant);

  const direct = readDirect(f.direct_integration);
  const method = rules.resolveMethod({
    filterBy: f.filter_by,
    filterRepeated: req.repeated.includes('filter_by'),
    userBankCode: f.user_bank_code,
    direct,
    fields: f,
    warnings,
  });
  const minutes = rules.expiry({ raw: f.time_expired, method: method.method, warnings });
  if (f.trans_id!.startsWith(CREATION_ERROR_PREFIX)) {
    throw new SandboxError('CREATION_ERROR', 'the payment could not be created with the provider; retry with a new trans_id');
  }
  if (direct && !rules.supportsDirect)
    warnings.push(fieldWarning('direct_no_effect', 'direct_integration', f.direct_integration!, { channel }));
  return { merchant, channel, rules, amount, shopper, email, direct, method, minutes, warnings };
}

/**
 * The creation use case. Checks run in the documented order and the first failure answers; nothing
 * is written until every check passed. Then the operation is written (it is its own creation event
 * and its own expiry timer), and `operation.created` is emitted after the commit.
 */
export async function createOperation(ctx: SandboxContext, req: CreationRequest): Promise<CreationResult> {
  const f = req.fields;
  const { merchant, channel, rules, amount, shopper, email, direct, method, minutes, warnings } = await checkCreation(ctx, req);
  const createdAt = ctx.clock.now();
  const token = checkoutToken(createdAt);
  const expiresAt = createdAt + minutes * 60_000;
  const base = ctx.baseUrl();
  const prepared: Prepared = rules.prepare
    ? await rules.prepare({
        base,
        token,
        channel,
        amount: amount.text,
        amountCents: amount.cents,
        currency: f.currency!,
        method: method.method,
        userBankCode: method.userBankCode,
        direct,
        createdAt,
        expiresAt,
        fields: f,
        merchant,
        warnings,
      })
    : { details: {} };
  const answerDirect = direct && rules.supportsDirect && prepared.direct !== undefined;

  const words = warningTexts(warnings);
  const op = await storeCreation(ctx, () => {
    const details: Record<string, unknown> = {
      ...prepared.details,
      warnings: words,
      warning_details: warnings,
      path: creationAddress(req.path),
      encoding: req.encoding,
    };
    if (prepared.checkoutUrl) details.checkout_url = prepared.checkoutUrl;
    // A direct answer names the operation's id: known before the insert, so the row is written once.
    const id = answerDirect ? ctx.store.operations.nextId() : undefined;
    if (id !== undefined) details.direct_response = prepared.direct!(id);
    return {
      operation: {
        merchant_id: merchant.id,
        token,
        trans_id: f.trans_id!,
        channel,
        amount: amount.text,
        amount_cents: amount.cents,
        currency: f.currency!,
        method: method.method,
        user_bank_code: method.userBankCode,
        direct_integration: direct,
        url_ok: f.url_ok!,
        url_error: f.url_error!,
        shopper,
        doc_number: shopper.Num_doc_identi ?? null,
        email,
        rfc: rules.spei?.rfcFromDocument ? (shopper.Num_doc_identi ?? null) : null,
        request: { ...f },
        details,
        created_at: createdAt,
        expires_at: expiresAt,
      },
      id,
    };
  });
  // A tokenised card charge (channel 36) has its outcome at once; it follows the committed creation.
  if (prepared.outcome) transition(ctx, op.id, { to: prepared.outcome.to, actor: 'merchant_api', details: prepared.outcome.details });

  if (answerDirect) return { kind: 'direct', body: op.details.direct_response ?? {}, operation: op, warnings };
  return { kind: 'address', url: prepared.checkoutUrl ?? checkoutAddress(base, op), operation: op, warnings };
}

/**
 * Stores an accepted creation: the operation `row` describes (built inside the transaction, so a
 * direct answer can name the id it takes) joins the grouped commit of this event-loop turn, and the
 * clock is told when it expires (it reads the expiry from the operation); resolves once committed,
 * then `operation.created` is emitted. The row is the creation's timeline entry too (`timelineOf`):
 * its details keep where and how the fields were sent. Both request generations store their
 * creations here.
 */
export async function storeCreation(ctx: SandboxContext, row: () => { operation: NewOperation; id?: number }): Promise<OperationRecord> {
  const op = await ctx.store.txGrouped(() => {
    const { operation, id } = row();
    const op = ctx.store.operations.insert(operation, id);
    ctx.scheduler.schedule(EXPIRE_TIMER, op.id, op.expires_at);
    return op;
  });
  ctx.events.emit('operation.created', { id: op.id, channel: op.channel, status: op.status, merchant_id: op.merchant_id });
  return op;
}

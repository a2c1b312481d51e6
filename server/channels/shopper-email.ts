import { Resolver } from 'node:dns/promises';
import { fieldWarning, type Warning } from '../contract/warnings.js';
import type { SandboxSettings } from '../contract/settings.js';
import { trimBoth } from '../contract/trim.js';

/** Reserved names that never resolve (RFC 2606 / 6761): the sandbox treats them as unresolvable, without DNS. */
const RESERVED_TLDS = new Set(['invalid', 'test', 'example', 'localhost']);

const EMAIL =
  /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})$/;

/** The domain of a syntactically valid address, or null. */
export function emailDomain(email: string): string | null {
  if (email.length > 254) return null;
  const m = EMAIL.exec(email);
  return m ? m[1]!.toLowerCase() : null;
}

/** True when the domain equals or lies under one of the names. */
const under = (domain: string, name: string) => domain === name || domain.endsWith('.' + name);

/** Offline answer: reserved names and the settings deny-list never resolve. */
export function offlineUnresolvable(domain: string, denyList: readonly string[]): boolean {
  const tld = domain.slice(domain.lastIndexOf('.') + 1);
  if (RESERVED_TLDS.has(tld)) return true;
  return denyList.some((d) => under(domain, trimBoth(d.toLowerCase(), '.')));
}

/**
 * Whether the e-mail domain resolves. Offline by default; with `email_real_dns` it asks real DNS
 * (MX, then A/AAAA). A DNS failure other than "no such name / no data" counts as resolvable, so a
 * network problem on the operator's machine never rejects a payment.
 */
export async function domainResolves(
  domain: string,
  settings: Pick<SandboxSettings, 'email_real_dns' | 'email_domain_deny_list'>,
  warnings: Warning[],
): Promise<boolean> {
  if (offlineUnresolvable(domain, settings.email_domain_deny_list)) return false;
  if (!settings.email_real_dns) return true;
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  const missing = (err: unknown) => ['ENOTFOUND', 'ENODATA', 'ENONAME', 'NXDOMAIN'].includes((err as { code?: string }).code ?? '');
  for (const lookup of [() => resolver.resolveMx(domain), () => resolver.resolve4(domain), () => resolver.resolve6(domain)]) {
    try {
      const records = await lookup();
      if (records.length > 0) return true;
    } catch (err) {
      if (!missing(err)) {
        // A resolver code (ETIMEOUT, ECONNREFUSED) reads alike in any language; the words without one are given in Spanish too.
        const code = (err as { code?: string }).code;
        const error: Record<string, string> = code ? { error: code } : { error: 'DNS error', error_es: 'error de DNS' };
        warnings.push(fieldWarning('email_domain_unchecked', 'shopper_information.email', domain, error));
        return true;
      }
    }
  }
  return false;
}

import type { ReactNode } from 'react';
import { safeHttpUrl } from '@contract/safe-url.js';
import { useT } from '../app/i18n';

/**
 * A link to an address that came from data (an operation's checkout address, say): rendered as a
 * link only when it is an http(s) URL, opened in a new tab; anything else (javascript:, data:, file:,
 * whatever an imported bundle held) is shown as inert text, so nothing navigates to it.
 */
export function SafeLink({ url, className, testId, children }: { url: string; className?: string; testId?: string; children: ReactNode }) {
  const t = useT();
  const safe = safeHttpUrl(url);
  if (safe === null)
    return (
      <span className={className} aria-disabled="true" title={t('link.unsafe')} data-testid={testId} data-unsafe="true">
        {children}
      </span>
    );
  return (
    <a className={className} href={safe} target="_blank" rel="noreferrer" data-testid={testId}>
      {children}
    </a>
  );
}

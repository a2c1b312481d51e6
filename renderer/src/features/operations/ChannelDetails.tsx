import { useT } from '../../app/i18n';
import { CodeView, CopyButton } from '../../components/common';

/** A QR or other picture sent as a data URI (the direct-integration answer's `qr_code`). Raster only: never SVG. */
const IMAGE_URI = /^data:image\/(?:png|jpeg|gif);base64,[A-Za-z0-9+/]+=*$/;
/** How much of a data URI the JSON view keeps: enough to recognise it, not thousands of characters. */
const KEEP = 48;

interface Picture {
  /** Where it sits in the details, `direct_response.qr_code`. */
  path: string;
  uri: string;
}

function picturesIn(value: unknown, path: string[] = []): Picture[] {
  if (typeof value === 'string') return IMAGE_URI.test(value) ? [{ path: path.join('.'), uri: value }] : [];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => picturesIn(v, [...path, k]));
}

/** The details with every picture cut to its start and its length. */
function shortened(value: unknown, cut: (uri: string) => string): unknown {
  if (typeof value === 'string') return IMAGE_URI.test(value) ? cut(value) : value;
  if (Array.isArray(value)) return value.map((v) => shortened(v, cut));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shortened(v, cut)]));
}

/**
 * The channel's details: pictures (a QR's PNG) are shown as pictures with a button that copies the
 * full data URI, and the JSON keeps only their start; the JSON's own copy button copies it whole.
 */
export function ChannelDetails({ details }: { details: Record<string, unknown> }) {
  const t = useT();
  const pictures = picturesIn(details);
  const cut = (uri: string) => t('detail.imageCut', { start: uri.slice(0, KEEP), n: uri.length });
  return (
    <div className="stack">
      {pictures.map((p) => (
        <figure key={p.path} className="detail-picture" data-testid="detail-picture">
          <img src={p.uri} alt={t('detail.imageAlt', { key: p.path })} />
          <figcaption>
            <code>{p.path}</code>
            <CopyButton value={p.uri} label={t('detail.copyDataUri')} testId="copy-data-uri" />
          </figcaption>
        </figure>
      ))}
      <CodeView
        label={t('detail.details')}
        value={pictures.length ? shortened(details, cut) : details}
        copy={pictures.length ? JSON.stringify(details, null, 2) : undefined}
        testId="op-details"
      />
    </div>
  );
}

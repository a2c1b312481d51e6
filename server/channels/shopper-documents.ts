import { SandboxError } from '../contract/errors.js';
import { fieldWarning, type Warning } from '../contract/warnings.js';

interface DocumentFormat {
  document: string;
  min: number;
  max: number;
  /** digits, letters and digits, or any character */
  chars: 'digits' | 'alnum' | 'any';
  /** Separators allowed and ignored (NIT). */
  ignore?: RegExp;
}

/** Channel 17's document table (also the document types channel 36 accepts in Colombia). */
export const COLOMBIA_DOCUMENTS: Record<string, DocumentFormat> = {
  CC: { document: 'Citizenship ID card', min: 5, max: 12, chars: 'digits' },
  NIT: { document: 'Tax identification number', min: 10, max: 10, chars: 'digits', ignore: /[.-]/g },
  CE: { document: 'Foreigner ID card', min: 6, max: 12, chars: 'digits' },
  TI: { document: 'Identity card', min: 5, max: 11, chars: 'digits' },
  PAS: { document: 'Passport', min: 6, max: 14, chars: 'alnum' },
  PPT: { document: 'Temporary protection permit', min: 6, max: 15, chars: 'digits' },
  NUIP: { document: 'Unique personal identification number', min: 8, max: 12, chars: 'digits' },
  IDC: { document: 'Customer identifier', min: 5, max: 20, chars: 'any' },
  RCN: { document: 'Civil birth registration', min: 6, max: 14, chars: 'any' },
  DIE: { document: 'Foreign identification document', min: 6, max: 14, chars: 'any' },
};

const CHARSETS = { digits: /^\d+$/, alnum: /^[A-Za-z0-9]+$/, any: /^.+$/s } as const;

const CHAR_WORDS = { digits: 'digits', alnum: 'letters or digits', any: 'characters' } as const;
const lengthText = (f: DocumentFormat) => (f.min === f.max ? String(f.min) : `${f.min} to ${f.max}`);
const describe = (f: DocumentFormat) => `${f.min === f.max ? 'exactly ' : ''}${lengthText(f)} ${CHAR_WORDS[f.chars]}`;

/**
 * Checks a Colombian document: the type (case-insensitive) must be in the table, the number must
 * fit it. `lengthOnly` is channel 36's reading ("length must fit the type").
 */
export function checkColombianDocument(type: string, number: string, lengthOnly: boolean): void {
  const format = COLOMBIA_DOCUMENTS[type.toUpperCase()];
  if (!format) {
    throw new SandboxError(
      'SHOPPER_INVALID_IDTYPE',
      `type_doc_identi "${type.slice(0, 40)}" is not an accepted document type; use one of ` +
        `${Object.keys(COLOMBIA_DOCUMENTS).join(', ')} (case-insensitive)`,
    );
  }
  const n = format.ignore ? number.replace(format.ignore, '') : number;
  const lengthOk = n.length >= format.min && n.length <= format.max;
  if (!lengthOk || (!lengthOnly && !CHARSETS[format.chars].test(n))) {
    const rule = lengthOnly ? `length ${lengthText(format)}` : describe(format);
    const ignored = format.ignore ? '; dots and hyphens are ignored' : '';
    throw new SandboxError(
      'SHOPPER_INVALID_ID',
      `Num_doc_identi does not fit type ${type.toUpperCase()} (${format.document}): ${rule}${ignored}`,
    );
  }
}

const RFC = /^[A-ZÑ&]{3,4}\d{6}[A-Z0-9]{3}$/i;
const RFC_SEPARATORS = /[\s.\-_/]/g;

/**
 * Channel 41: Num_doc_identi is an RFC (13 characters for individuals, 12 for companies). One with
 * separators is accepted, with a warning: its transfers will not be matched (SPEI matches RFCs written without separators).
 */
/** True when an RFC is written with spaces, dots, hyphens or slashes (SPEI never matches it). */
export const rfcHasSeparators = (value: string): boolean => value.replace(RFC_SEPARATORS, '') !== value;

export function checkRfc(value: string, warnings: Warning[]): void {
  const bare = value.replace(RFC_SEPARATORS, '');
  if (!RFC.test(bare)) {
    throw new SandboxError(
      'SHOPPER_INVALID_ID',
      'Num_doc_identi must be an RFC: 13 characters for individuals (e.g. GODE561231GR8) or 12 for companies, without separators',
    );
  }
  if (bare !== value) {
    warnings.push(fieldWarning('rfc_separators', 'shopper_information.Num_doc_identi', value));
  }
}

/**
 * What the signature tools say, as i18n keys with their values rather than sentences, so the logic
 * stays testable without React and the screen shows it in the console's language. Values are wire
 * names and values as sent, never translated.
 */
export const SIG_TEXT_KEYS = [
  // One field signed in another form: {field} and the {value} that was signed.
  'sig.why.trimmed',
  'sig.why.empty',
  'sig.why.twoDecimals',
  'sig.why.noTrailingZeros',
  'sig.why.wholeNumber',
  'sig.why.timeT',
  'sig.why.timeSpace',
  'sig.why.urlDecoded',
  'sig.why.urlEncoded',
  'sig.why.lowerCase',
  'sig.why.upperCase',
  'sig.why.otherForm',
  // The whole string built differently.
  'sig.why.alphabetical',
  'sig.why.channelFirst',
  'sig.why.publicKeyLeftOut',
  'sig.why.notificationOrder',
  'sig.why.customOrder',
  'sig.why.separator',
  'sig.why.secretLeftOut',
  'sig.why.secretFirst',
  'sig.why.hmacKey',
  'sig.why.secretAmongValues',
  'sig.why.otherSecret',
  'sig.why.legacyLayout',
  'sig.why.standardLayout',
  'sig.why.algorithm',
  'sig.why.base64',
  'sig.why.base64OfHex',
  // What a refused payout call sent in the token's place: {name} is the merchant it belongs to.
  'sig.token.noScheme',
  'sig.token.schemeRepeated',
  'sig.token.quoted',
  'sig.token.loginAnswer',
  'sig.token.otherCase',
  'sig.token.truncated',
  'sig.token.revokedLogin',
  'sig.token.publicKey',
  'sig.token.secretKey',
  'sig.token.payoutUsername',
  'sig.token.payoutPassword',
  'sig.token.basicCredentials',
  // The pasted JSON could not be read: {detail} is the browser's message.
  'sig.parse.badJson',
] as const;
export type SigTextKey = (typeof SIG_TEXT_KEYS)[number];

export interface SigText {
  key: SigTextKey;
  vars?: Record<string, string>;
}

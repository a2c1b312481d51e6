/**
 * Releases before payout login tokens saved every sandbox setting whenever one changed, so a data
 * dir they wrote holds `payout_auth_scheme: "Bearer"`, their default, as if chosen, and refuses the
 * `Authorization: Token …` the README shows. Such a value is read as what it was: the default (any
 * scheme word). Their settings are told apart by the key they lack, `payout_token_ttl_minutes`,
 * which every later write of the settings carries; a "Bearer" saved by a later release was chosen.
 */
export const oldDefaultAuthScheme = `
UPDATE settings SET value = json_remove(value, '$.payout_auth_scheme')
 WHERE key = 'sandbox'
   AND json_valid(value)
   AND json_extract(value, '$.payout_auth_scheme') = 'Bearer'
   AND json_type(value, '$.payout_token_ttl_minutes') IS NULL;
`;

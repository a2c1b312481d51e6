import { describe, expect, it } from 'vitest';
import { RecipeSchema } from '../../server/contract/diagnosis.js';

describe('a recipe is one of the recipes that can be', () => {
  it('reads every kind the diagnosis names', () => {
    for (const r of [
      {},
      { order: 'alphabetical', secret: 'hmac_key', encoding: 'base64_of_hex' },
      { order: 'custom', custom_order: ['amount', 'public_key'] },
      { order: 'alphabetical', separator: '|', secret: 'in_values_and_hmac_key', secret_name: 'secret' },
      { secret: 'other_merchant', secret_of: 'pk_other' },
      { algorithm: 'sha1', field: { name: 'amount', sent: '50000', signed: '50000.00' } },
      { token: 'quoted', token_of: 'pk_sandbox' },
      { token: 'no_scheme' },
    ])
      expect(RecipeSchema.parse(r)).toEqual(r);
  });

  it('refuses a token mistake mixed with signature ingredients, and an ingredient without what it qualifies', () => {
    for (const r of [
      { token: 'quoted', order: 'alphabetical' },
      { token: 'quoted', secret: 'none' },
      { order: 'custom' },
      { custom_order: ['amount'] },
      { order: 'alphabetical', custom_order: ['amount'] },
      { secret: 'in_values_and_hmac_key' },
      { secret: 'other_merchant' },
      { secret: 'hmac_key', secret_of: 'pk_other' },
      { secret_name: 'key' },
      { token_of: 'pk_other' },
    ])
      expect(RecipeSchema.safeParse(r).success, JSON.stringify(r)).toBe(false);
  });
});

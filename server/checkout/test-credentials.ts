/** The fixed values the simulated checkout pages accept: channel 36's test cards and channel 5's test bank login. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BankCredentialsSchema, TestCardsSchema, type BankCredentials, type TestCards } from '../contract/checkout.js';
import { resourcesDir } from '../paths.js';

let cards: TestCards | null = null;
let credentials: BankCredentials | null = null;

const read = (file: string): unknown => JSON.parse(readFileSync(join(resourcesDir(), 'test-values', file), 'utf8'));

/** The channel 36 test cards (resources/test-values/cards.json), validated once and kept. */
export function testCards(): TestCards {
  return (cards ??= TestCardsSchema.parse(read('cards.json')));
}

/** The channel 5 test bank's fixed values (resources/test-values/bank-credentials.json). */
export function bankCredentials(): BankCredentials {
  return (credentials ??= BankCredentialsSchema.parse(read('bank-credentials.json')));
}

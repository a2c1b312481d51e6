/** CLABE: 3-digit bank, 3-digit plaza, 11-digit account, 1 check digit (weights 3,7,1 modulo 10). */
const WEIGHTS = [3, 7, 1];

export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

export function isValidClabe(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

/** The sandbox's receiving bank: STP (646), plaza 180 (Mexico City). */
export const SANDBOX_SPEI_BANK = { code: '646', name: 'STP (sandbox)' } as const;

/** A merchant's CLABE: derived from its mid_id so it is stable and unique. */
export function clabeForMerchant(midId: number): string {
  const first17 = `${SANDBOX_SPEI_BANK.code}180${String(midId).padStart(11, '0')}`;
  return first17 + clabeCheckDigit(first17);
}

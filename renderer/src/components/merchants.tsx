import { merchantRoutes } from '@contract/merchants.js';
import { useResource } from '../api/cache';
import { call } from '../api/client';

const fetchMerchants = () => call(merchantRoutes.listMerchants);

/** The merchant list, from the one shared cache entry every screen uses. */
export const useMerchants = () => useResource('merchants', fetchMerchants);

/** `<option>`s of every merchant, valued by public_key (or mid_id), labelled "name · public_key". */
export function MerchantOptions({ valueBy = 'public_key' }: { valueBy?: 'public_key' | 'mid_id' }) {
  const { data } = useMerchants();
  return (
    <>
      {data?.items.map((m) => (
        <option key={m.public_key} value={m[valueBy]}>
          {m.name} · {m.public_key}
        </option>
      ))}
    </>
  );
}

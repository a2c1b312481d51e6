import { describe, expect, it } from 'vitest';
import { classifyCall } from '../../server/contract/calls.js';
import { allRoutes } from '../../server/contract/routes.js';

describe('classifyCall: one reader of which call a request is', () => {
  it('names every merchant call by its described method and path', () => {
    expect(classifyCall('POST', '/payments/check-out/SecurePayment')).toMatchObject({ kind: 'creation', creationPath: 'SecurePayment' });
    expect(classifyCall('POST', '/payments/check-out/SecurePayment.php')).toMatchObject({
      kind: 'creation',
      creationPath: 'SecurePayment.php',
    });
    expect(classifyCall('GET', '/api/operations?public_key=x')?.kind).toBe('operation_query');
    expect(classifyCall('POST', '/api/notify')?.kind).toBe('manual_notify');
    expect(classifyCall('POST', '/api/login')?.kind).toBe('payout_login');
    expect(classifyCall('POST', '/api/transactions/')?.kind).toBe('payout_batch');
    expect(classifyCall('GET', '/api/transactions/?credit_note=1')?.kind).toBe('payout_list');
    expect(classifyCall('GET', '/api/transactions/42')?.kind).toBe('payout_get');
    expect(classifyCall('GET', '/check-out/?channel=5&tokenID=t')?.kind).toBe('checkout_page');
    expect(classifyCall('GET', '/sandbox/v1/operations/7')?.kind).toBe('control');
    expect(classifyCall('POST', '/sandbox/v1/operations/7/confirm')?.kind).toBe('control');
  });

  it('reads paths as Express routes them: any case, a trailing slash or none, HEAD as GET', () => {
    expect(classifyCall('POST', '/payments/check-out/securepayment/')?.kind).toBe('creation');
    expect(classifyCall('GET', '/API/Operations/')?.kind).toBe('operation_query');
    expect(classifyCall('HEAD', '/api/transactions')?.kind).toBe('payout_list');
  });

  it('reads the service prefixes once, and the older creation path only below them', () => {
    for (const prefix of ['/justpay', '/justpay.cert', '/JustPay.Cert'] as const) {
      expect(classifyCall('POST', `${prefix}/payments/check-out/SecurePayment.php`)).toMatchObject({ kind: 'creation' });
      expect(classifyCall('POST', `${prefix}/check-out/SecurePayment`)).toMatchObject({
        kind: 'creation',
        creationPath: 'SecurePayment',
        olderPath: true,
      });
      expect(classifyCall('GET', `${prefix}/api/operations`)?.kind).toBe('operation_query');
    }
    expect(classifyCall('POST', '/justpay.cert/check-out/SecurePayment.php')?.prefix).toBe('/justpay.cert');
    expect(classifyCall('POST', '/check-out/SecurePayment')).toBeNull();
    // The console and the checkout pages are never served under a service prefix.
    expect(classifyCall('GET', '/justpay/sandbox/v1/operations')).toBeNull();
    expect(classifyCall('GET', '/justpay/check-out/?tokenID=t')).toBeNull();
  });

  it('answers null for what is no call: another method on a service path, health, assets, unknown paths', () => {
    expect(classifyCall('GET', '/payments/check-out/SecurePayment')).toBeNull();
    expect(classifyCall('GET', '/health')).toBeNull();
    expect(classifyCall('GET', '/justpayments/api/operations')).toBeNull();
    expect(classifyCall('POST', '/api/notify/extra')).toBeNull();
  });

  it('classifies every described route by its own path', () => {
    for (const r of allRoutes()) {
      const path = r.path.replace(/:\w+/g, '1');
      const call = classifyCall(r.method, path);
      expect(call?.route?.path === r.path || call?.kind === 'control' || r.call === undefined, `${r.method} ${r.path}`).toBe(true);
      if (r.call) expect(call?.kind, `${r.method} ${r.path}`).toBe(r.call);
    }
  });
});

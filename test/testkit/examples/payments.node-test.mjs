import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { receiver, startSandbox, verifyNotification } from 'pasarela-sandbox/testkit';

/** @type {import('pasarela-sandbox/testkit').TestSandbox} */
let sandbox;
/** @type {import('pasarela-sandbox/testkit').Receiver} */
let inbox;

before(async () => {
  sandbox = await startSandbox({ spawn: true }); // the CLI in a child process; stop() or our exit ends it
  inbox = await receiver();
  await sandbox.control.updateMerchant({ public_key: sandbox.merchant.keys.public_key, body: { success_url: `${inbox.url}/success` } });
});
after(async () => {
  await sandbox?.stop();
  await inbox?.close();
});

test('a confirmed channel 17 payment notifies with a valid signature', async () => {
  const payment = await sandbox.merchant.createPayment({ channel: '17' }, { encoding: 'json' });
  const { items } = await sandbox.control.listOperations({ query: { trans_id: payment.trans_id } });
  await sandbox.control.confirmOperation({ id: items[0].id });

  const note = await inbox.next({ trans_id: payment.trans_id });
  assert.equal(verifyNotification(note.body, sandbox.merchant.keys.secret_key), true);
});

test('a SPEI transfer pays the channel 41 operation it matches', async () => {
  const payment = await sandbox.merchant.createPayment({ channel: '41', amount: '1500.50' });
  const { items } = await sandbox.control.listOperations({ query: { trans_id: payment.trans_id } });
  const op = await sandbox.control.getOperation({ id: items[0].id });

  const { clabe, rfc } = op;
  assert.ok(clabe && rfc, 'a channel 41 operation has its CLABE and RFC');
  const transfer = await sandbox.control.injectTransfer({ body: { clabe, amount: 1500.5, rfc } });
  assert.equal(transfer.matched_operation_id, op.id);
  await inbox.next({ trans_id: payment.trans_id });
});

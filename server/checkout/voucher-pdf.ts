import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { itfModules } from './barcode.js';
import { voucherReference } from './cash-voucher.js';
import { formatAmount, formatDeadline } from './format.js';
import { sayIn, type PageLang } from './lang.js';

/** The cash voucher as a one-page PDF: merchant, amount, deadline, reference and its barcode, in the shopper's language. */
export async function voucherPdf(ctx: SandboxContext, op: OperationRecord, lang: PageLang): Promise<Buffer> {
  const say = sayIn(lang);
  const reference = voucherReference(op);
  const merchant = ctx.store.merchants.get(op.merchant_id)!;
  // pdfkit (with its fonts and codecs) loads on the first voucher, not at start: ~60 ms of every cold start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A5',
    margin: 36,
    info: { Title: `${say('Cupón de pago', 'Payment voucher')} ${reference}`, Author: 'Pasarela Sandbox' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const width = doc.page.width - 72;
  doc.rect(0, 0, doc.page.width, 26).fill('#22262e');
  doc
    .fillColor('#ffd466')
    .fontSize(8)
    .text(
      say('ENTORNO DE PRUEBAS (SANDBOX): ESTE CUPÓN NO ES VÁLIDO PARA PAGAR', 'TEST ENVIRONMENT (SANDBOX): THIS VOUCHER CANNOT BE PAID'),
      36,
      9,
      {
        width,
        align: 'center',
      },
    );
  doc.fillColor('#16202e').fontSize(18).text(say('Cupón de pago en efectivo', 'Cash payment voucher'), 36, 48);
  doc
    .moveDown(0.6)
    .fontSize(10)
    .fillColor('#5b6776')
    .text(say('Comercio', 'Merchant'))
    .fillColor('#16202e')
    .fontSize(12)
    .text(merchant.name);
  doc
    .moveDown(0.4)
    .fontSize(10)
    .fillColor('#5b6776')
    .text(say('Monto a pagar', 'Amount to pay'))
    .fillColor('#16202e')
    .fontSize(20)
    .text(formatAmount(op.amount, op.currency));
  doc
    .moveDown(0.4)
    .fontSize(10)
    .fillColor('#5b6776')
    .text(say('Pagar antes de', 'Pay before'))
    .fillColor('#16202e')
    .fontSize(12)
    .text(formatDeadline(op.expires_at, op.currency, lang));
  doc
    .moveDown(0.4)
    .fontSize(10)
    .fillColor('#5b6776')
    .text(say('Referencia del comercio', "Merchant's reference"))
    .fillColor('#16202e')
    .fontSize(12)
    .text(op.trans_id);

  // Barcode of the voucher reference, scaled to the page width.
  const modules = itfModules(reference);
  const units = modules.reduce((s, m) => s + m.width, 0);
  const unit = width / units;
  const top = doc.y + 18;
  let x = 36;
  for (const m of modules) {
    if (m.bar) doc.rect(x, top, m.width * unit, 64).fill('#111111');
    x += m.width * unit;
  }
  doc
    .fillColor('#16202e')
    .font('Courier-Bold')
    .fontSize(16)
    .text(reference, 36, top + 72, { width, align: 'center', characterSpacing: 2 });
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor('#5b6776')
    .text(
      say(
        'Presenta este cupón en una tienda o punto de pago participante. El comercio recibe la confirmación cuando el pago se registra.',
        'Show this voucher at a participating store or payment point. The merchant gets the confirmation once the payment is recorded.',
      ),
      36,
      top + 104,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}

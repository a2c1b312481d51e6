import type { SandboxContext } from '../context.js';
import type { OperationRecord } from '../store/operations.js';
import { itfModules } from './barcode.js';
import { voucherReference } from './cash-voucher.js';
import { formatAmount } from './format.js';

/** The cash voucher as a one-page PDF: merchant, amount, deadline, reference and its barcode. */
export async function voucherPdf(ctx: SandboxContext, op: OperationRecord): Promise<Buffer> {
  const reference = voucherReference(op);
  const merchant = ctx.store.merchants.get(op.merchant_id)!;
  // pdfkit (with its fonts and codecs) loads on the first voucher, not at start: ~60 ms of every cold start.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: 'A5', margin: 36, info: { Title: `Cupón de pago ${reference}`, Author: 'Pasarela Sandbox' } });
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
    .text('ENTORNO DE PRUEBAS (SANDBOX): ESTE CUPÓN NO ES VÁLIDO PARA PAGAR', 36, 9, { width, align: 'center' });
  doc.fillColor('#16202e').fontSize(18).text('Cupón de pago en efectivo', 36, 48);
  doc.moveDown(0.6).fontSize(10).fillColor('#5b6776').text('Comercio').fillColor('#16202e').fontSize(12).text(merchant.name);
  doc
    .moveDown(0.4)
    .fontSize(10)
    .fillColor('#5b6776')
    .text('Monto a pagar')
    .fillColor('#16202e')
    .fontSize(20)
    .text(formatAmount(op.amount, op.currency));
  doc
    .moveDown(0.4)
    .fontSize(10)
    .fillColor('#5b6776')
    .text('Pagar antes de')
    .fillColor('#16202e')
    .fontSize(12)
    .text(new Date(op.expires_at).toISOString().slice(0, 16).replace('T', ' ') + ' UTC');
  doc.moveDown(0.4).fontSize(10).fillColor('#5b6776').text('Referencia del comercio').fillColor('#16202e').fontSize(12).text(op.trans_id);

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
      'Presenta este cupón en una tienda o punto de pago participante. El comercio recibe la confirmación cuando el pago se registra.',
      36,
      top + 104,
      { width, align: 'center' },
    );
  doc.end();
  return done;
}

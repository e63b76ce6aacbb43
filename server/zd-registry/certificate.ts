/**
 * The registration certificate (登记证明) as a PDF: pdfkit, with Noto Sans Hans (@embedpdf/fonts-sc,
 * OFL) embedded as a subset, so the Chinese text is real text in any viewer (selectable, searchable,
 * legible without the reader's fonts). The font is read once per process.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCurrency } from '../../src/lib/money';

export interface CertificateContent {
  registrationNo: string;
  receiptNo: string;
  /** The act the certificate follows: 初始登记, 变更登记, 展期登记, 注销登记. */
  actLabel: string;
  typeLabel: string;
  transferorName: string;
  transfereeName: string;
  amount: string;
  amountInWords: string;
  periodYears: number;
  startDate: string;
  expireDate: string;
  statusLabel: string;
  subject: string;
  description: string;
  issuedAt: string;
}

let fontCache: Buffer | undefined;
/** Also the audit rules' PDF report's font (server/audit-rules/export.ts). */
export function cjkFont(): Buffer {
  if (!fontCache) {
    // The package exports only its index; the fonts sit beside it (../fonts).
    const entry = createRequire(import.meta.url).resolve('@embedpdf/fonts-sc');
    fontCache = readFileSync(join(dirname(entry), '..', 'fonts', 'NotoSansHans-Regular.otf'));
  }
  return fontCache;
}

export function certificatePdf(c: CertificateContent): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `登记证明 ${c.registrationNo}`, Author: '动产融资统一登记公示系统（演示）', CreationDate: new Date(c.issuedAt) },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('cjk', cjkFont());
    doc.font('cjk');

    doc.fontSize(20).text('动产和权利担保统一登记', { align: 'center' });
    doc.moveDown(0.3).fontSize(16).text(`登记证明（${c.actLabel}）`, { align: 'center' });
    doc.moveDown(1.2);
    const rows: Array<[string, string]> = [
      ['登记编号', c.registrationNo],
      ['回执编号', c.receiptNo],
      ['登记类型', c.typeLabel],
      ['登记状态', c.statusLabel],
      ['出让人 / 出质人', c.transferorName],
      ['受让人 / 质权人', c.transfereeName],
      ['登记财产', c.subject],
      // The amount as the screens write it (¥, separators, two decimals), then in capitals as on a cheque.
      ['主债权金额', `${formatCurrency(c.amount)}（人民币${c.amountInWords}）`],
      ['登记期限', `${c.periodYears} 年（${c.startDate} 至 ${c.expireDate}）`],
      ['财产描述', c.description],
      ['出具时间', c.issuedAt],
    ];
    const left = doc.page.margins.left;
    const labelWidth = 110;
    const valueWidth = doc.page.width - left - doc.page.margins.right - labelWidth;
    doc.fontSize(11);
    for (const [label, value] of rows) {
      const y = doc.y;
      doc.text(label, left, y, { width: labelWidth });
      doc.text(value, left + labelWidth, y, { width: valueWidth });
      doc.moveDown(0.6);
      doc.x = left;
    }
    doc
      .moveDown(1.5)
      .fontSize(9)
      .fillColor('#666666')
      .text('本证明由中登登记服务的演示替身出具，仅用于演示环境，不具法律效力。', left, doc.y, { align: 'left' });
    doc.end();
  });
}

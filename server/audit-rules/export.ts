/**
 * The audit report taken away: an .xlsx (ExcelJS, built in memory, not the list exports' streaming writer: a sheet of rules and
 * their results, a sheet of findings with their evidence) and a PDF (pdfkit with the CJK font the
 * registry certificates embed), each naming the time of the run and the rule set's version.
 */
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { nameOf } from '../../src/lib/audit-rules';
import { translate } from '../i18n';
import { cjkFont } from '../zd-registry';
import type { AuditReport, ExceptionListing, Finding } from './evaluate';
import { evidenceLine } from './report-text';

const t = (key: string, params?: Record<string, string>) => translate(`auditRules:${key}`, params);
/** Times as an operator reads them (the server's clock, to the second). */
const shownTime = (iso: string) => iso.replace('T', ' ').slice(0, 19);

export interface RunMeta {
  runByName: string;
  startedAt: string;
  finishedAt: string;
  ruleSetVersion: string;
}

const EXCEPTION_COLUMNS = ['rule', 'subject', 'reason', 'expiresAt', 'requestedBy', 'approvedBy', 'status'] as const;
/** One exception's cells, in EXCEPTION_COLUMNS' order: people by name, its state as the page words it. */
const exceptionCells = (e: ExceptionListing): string[] => [
  e.ruleId,
  t(`subject.${e.subjectType}`, { name: e.subjectName ?? '-' }),
  e.reason,
  shownTime(e.expiresAt),
  e.requestedByName,
  e.approvedByName ?? '-',
  t(`page.exceptionStatus.${e.status}`),
];

const statusLabel = (f: Finding) => t(`report.status.${f.status}`);
const subjectLabel = (f: Finding) => t(`subject.${f.subjectType}`, { name: f.subjectName });

export async function reportXlsx(report: AuditReport, meta: RunMeta): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const rules = workbook.addWorksheet(t('report.rulesSheet'));
  rules.addRow([t('report.heading', { version: meta.ruleSetVersion, time: shownTime(meta.finishedAt), person: meta.runByName })]).font = { bold: true };
  rules.addRow([]);
  rules.addRow([
    t('report.columns.id'),
    t('report.columns.name'),
    t('report.columns.kind'),
    t('report.columns.severity'),
    t('report.columns.result'),
    t('report.columns.violations'),
    t('report.columns.excepted'),
    t('report.columns.mitigated'),
  ]).font = { bold: true };
  for (const r of report.rules) {
    rules.addRow([
      r.id,
      nameOf(r, (key) => translate(key)),
      t(`kinds.${r.kind}`),
      t(`severities.${r.severity}`),
      t(r.passed ? 'report.passed' : 'report.failed'),
      r.violations,
      r.excepted,
      r.mitigated,
    ]);
  }
  rules.columns.forEach((column, i) => (column.width = [28, 36, 14, 8, 10, 10, 10, 10][i]));
  const findings = workbook.addWorksheet(t('report.findingsSheet'));
  findings.addRow([
    t('report.columns.id'),
    t('report.columns.status'),
    t('report.columns.subject'),
    t('report.columns.evidence'),
    t('report.columns.exception'),
  ]).font = { bold: true };
  for (const f of report.findings) {
    findings.addRow([
      f.ruleId,
      statusLabel(f),
      subjectLabel(f),
      evidenceLine(f),
      f.exception ? t('report.exceptionLine', { reason: f.exception.reason, until: shownTime(f.exception.expiresAt), by: f.exception.approvedByName }) : '',
    ]);
  }
  findings.columns.forEach((column, i) => (column.width = [28, 10, 30, 100, 50][i]));
  const exceptions = workbook.addWorksheet(t('report.exceptionsSheet'));
  exceptions.addRow(EXCEPTION_COLUMNS.map((c) => t(`report.exceptionColumns.${c}`))).font = { bold: true };
  for (const e of report.exceptions ?? []) exceptions.addRow(exceptionCells(e));
  exceptions.columns.forEach((column, i) => (column.width = [28, 24, 40, 20, 12, 12, 10][i]));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export function reportPdf(report: AuditReport, meta: RunMeta): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${t('title')} ${meta.ruleSetVersion}`, CreationDate: new Date(meta.finishedAt) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('cjk', cjkFont());
    doc.font('cjk');
    doc.fontSize(18).text(t('report.pdfTitle'), { align: 'center' });
    doc
      .moveDown(0.5)
      .fontSize(10)
      .text(t('report.heading', { version: meta.ruleSetVersion, time: shownTime(meta.finishedAt), person: meta.runByName }), { align: 'center' });
    doc.moveDown(1).fontSize(13).text(t('report.rulesSheet'));
    doc.moveDown(0.3).fontSize(9);
    for (const r of report.rules) {
      doc.text(
        `${t(r.passed ? 'report.passed' : 'report.failed')}  ${r.id}  ${nameOf(r, (key) => translate(key))}（${t(`kinds.${r.kind}`)}，${t('report.columns.severity')}：${t(`severities.${r.severity}`)}）  ${t('report.counts', { violations: String(r.violations), excepted: String(r.excepted), mitigated: String(r.mitigated) })}`,
      );
    }
    const listed = report.findings.filter((f) => f.status !== 'MITIGATED');
    doc.moveDown(1).fontSize(13).text(t('report.findingsSheet'));
    doc.moveDown(0.3).fontSize(9);
    if (!listed.length) doc.text(t('report.noFindings'));
    for (const f of listed) {
      doc.text(`${statusLabel(f)}  ${f.ruleId}  ${subjectLabel(f)}`);
      doc.text(evidenceLine(f), { indent: 12 });
      if (f.exception)
        doc.text(t('report.exceptionLine', { reason: f.exception.reason, until: shownTime(f.exception.expiresAt), by: f.exception.approvedByName }), {
          indent: 12,
        });
      doc.moveDown(0.3);
    }
    doc.moveDown(1).fontSize(13).text(t('report.exceptionsSheet'));
    doc.moveDown(0.3).fontSize(9);
    if (!report.exceptions?.length) doc.text(t('report.noExceptions'));
    for (const e of report.exceptions ?? []) {
      const [rule, subject, reason, until, requestedBy, approvedBy, status] = exceptionCells(e);
      doc.text(`${status}  ${rule}  ${subject}`);
      doc.text(
        `${t('report.exceptionColumns.reason')}：${reason}；${t('report.exceptionColumns.expiresAt')} ${until}；${t('report.exceptionColumns.requestedBy')} ${requestedBy}；${t('report.exceptionColumns.approvedBy')} ${approvedBy}`,
        { indent: 12 },
      );
      doc.moveDown(0.3);
    }
    doc.end();
  });
}

/**
 * The issuance data's export: one row per note of a batch, as the xlsx shows it. A declaration the
 * export job reads for its columns, kept out of the resource registry (not named resources.ts): it has
 * no kit routes of its own, its pages are the area's (src/features/credit-notes).
 */
import { defineResource } from '../../crud/resource';
import { CREDIT_NOTE_API } from '../../lib/credit-notes';
import { PERMISSIONS } from './permissions';

const field = (name: string) => `creditNotes:fields.${name}`;

export const creditBatchExportResource = defineResource({
  name: 'credit-note-batch-lines',
  apiBase: `${CREDIT_NOTE_API}/batches`,
  menuUri: 'issue:group:generate',
  title: 'creditNotes:generate.exportTitle',
  permissions: { list: PERMISSIONS.creditNote.list, query: PERMISSIONS.creditNote.query, export: PERMISSIONS.creditNote.export },
  fields: {
    batchNo: { type: 'string', label: field('batchNo'), readOnly: true, width: 160 },
    levelLabel: { type: 'string', label: field('level'), readOnly: true, width: 120 },
    unitName: { type: 'string', label: field('unitName'), readOnly: true, width: 200 },
    payeeName: { type: 'string', label: field('payeeName'), readOnly: true, width: 220 },
    amount: { type: 'money', label: field('amount'), readOnly: true, width: 160 },
    amountCapital: { type: 'string', label: field('amountCapital'), readOnly: true, width: 260 },
    dueDate: { type: 'string', label: field('dueDate'), readOnly: true, width: 120 },
    productName: { type: 'string', label: field('productName'), readOnly: true, width: 200 },
    contractNo: { type: 'string', label: field('contractNo'), readOnly: true, width: 160 },
    statusLabel: { type: 'string', label: field('status'), readOnly: true, width: 100 },
  },
});

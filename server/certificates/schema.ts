/**
 * Certificates and their applications.
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { sql } from 'drizzle-orm';
import { date, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';

/**
 * Certificates (spec 2.3 证书管理). Status codes are src/lib/certificates.ts CERT_STATUS (dictionary
 * cert_status); serial, issuer and validity are null until the first application is approved.
 * Validity dates are calendar days.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: idColumn(),
    holderCorpName: text('holder_corp_name').notNull(),
    /** The holder's unified social credit code. */
    holderCorpId: text('holder_corp_id').notNull(),
    serialNo: text('serial_no').unique(),
    issuer: text('issuer'),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    status: text('status').notNull(),
    /** A code of dictionary invoice_type. */
    invoiceType: text('invoice_type'),
    ...recordColumns(),
  },
  (t) => [index('certificates_status_valid_to_idx').on(t.status, t.validTo), index('certificates_create_time_idx').on(t.createTime)],
);

/** One create, renewal or reopening of a certificate, approved through its workflow instance. */
export const certificateApplications = pgTable(
  'certificate_applications',
  {
    id: idColumn(),
    certificateId: text('certificate_id')
      .notNull()
      .references(() => certificates.id, { onDelete: 'cascade' }),
    /** CREATE, RENEWAL or REOPEN. */
    kind: text('kind').notNull(),
    /** Asked for by a create only; renewals and reopenings keep the certificate's start. */
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    invoiceType: text('invoice_type'),
    remark: text('remark'),
    /** The certificate's status before the application, restored when it is withdrawn. */
    previousStatus: text('previous_status').notNull(),
    instanceId: text('instance_id'),
    /** RUNNING, APPROVED or REJECTED, as its instance. */
    status: text('status').notNull().default('RUNNING'),
    ...recordColumns(),
  },
  (t) => [
    // One running application per certificate.
    uniqueIndex('certificate_applications_running_uq')
      .on(t.certificateId)
      .where(sql`${t.status} = 'RUNNING'`),
    index('certificate_applications_certificate_idx').on(t.certificateId, t.createTime),
  ],
);

/**
 * Real-name admission's table (issue 6).
 * Every table is re-exported by server/db/schema.ts, which drizzle-kit and the server read.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, recordColumns } from '../db/columns';
import { users } from '../db/system-schema';
import { storedFiles } from '../files/schema';
import { workflowInstances } from '../workflow/schema';

/**
 * Real-name admission records (Process_CORP_ADMIT, src/lib/realname.ts). The sensitive values are
 * held only as AES-GCM ciphertext (server/sensitive/cipher.ts); status follows the approval step.
 */
export const realnameRecords = pgTable(
  'realname_records',
  {
    id: idColumn(),
    corpName: text('corp_name').notNull(),
    creditCode: text('credit_code'),
    legalPersonName: text('legal_person_name'),
    idCardCipher: text('id_card_cipher'),
    mobilePhoneCipher: text('mobile_phone_cipher'),
    bankCardCipher: text('bank_card_cipher'),
    licenceFileId: text('licence_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    status: text('status').notNull(),
    /** The latest approval instance, running or ended. */
    instanceId: text('instance_id').references(() => workflowInstances.id, { onDelete: 'set null' }),
    rejectRemark: text('reject_remark'),
    creatorId: text('creator_id').references(() => users.id, { onDelete: 'set null' }),
    ...recordColumns(),
  },
  (t) => [index('realname_records_status_idx').on(t.status, t.createTime), index('realname_records_corp_name_idx').on(t.corpName)],
);

/**
 * Whom a quota account or request names as its grantor: the platform, or the granting corporation by
 * its current name, read in the query so that a renaming approved through 企业自主更名 shows at once
 * in the accounts, the ledger, the requests and their task views. Nothing keeps a copy of the name.
 */
import { sql, type SQL } from 'drizzle-orm';
import { PLATFORM_GRANTOR } from '../../src/lib/quotas';
import type { quotaAccounts, quotaRequests } from '../db/schema';
import { translate } from '../i18n';
import { qualified } from '../db/qualified';

export function grantorNameOf(t: typeof quotaAccounts | typeof quotaRequests): SQL<string> {
  return sql<string>`case when ${qualified(t.grantorId)} = ${PLATFORM_GRANTOR} then ${translate('quotas:platformGrantor')}::text else (select c.corp_name from corporations c where c.id = ${qualified(t.grantorCorpId)}) end`;
}

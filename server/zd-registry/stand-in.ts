/**
 * The registry stand-in that ships: it keeps no book of its own but reads the platform's copy of the
 * registrations (what the real registry would hold), numbers registrations and receipts from a
 * sequence, draws the certificate, and refuses what the real registry refuses, with its reason:
 * the same party on both sides, receivables already under a live registration of the same type,
 * acting on a cancelled registration, an extension that does not lengthen or passes 30 years.
 */
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { amountToChinese } from '../../src/lib/numerals';
import { MAX_PERIOD_YEARS, REGISTRATION_ACTION_DICT, REGISTRATION_STATUS, REGISTRATION_STATUS_DICT } from '../../src/lib/abs';
import type { Db } from '../db/open';
import type { Tx } from '../db/tx';
import { creditNotes, sysDictData, zdRegistrationNotes, zdRegistrations } from '../db/schema';
import { translate } from '../i18n';
import { certificatePdf } from './certificate';
import type { CentralRegistry, RegistryAct, RegistryAnswer, RegistryFiling, RegistryRecord } from './index';
import { dayOf } from '../../src/lib/dates';

// The registry's own name of a registration type, as its certificates print it (not the platform's dictionary word).
const TYPE_LABEL = { TRANSFER: '应收账款转让登记', PLEDGE: '应收账款质押登记' } as const;

const refuse = (key: string, params: Record<string, string> = {}): RegistryAnswer => ({ accepted: false, reason: translate(`abs:registry.${key}`, params) });

export function standInRegistry(db: Db | Tx, now: () => Date = () => new Date()): CentralRegistry {
  const next = async () => Number((await db.select({ n: sql<string>`nextval('zd_registry_no_seq')::text` }).from(sql`(select 1) as one`))[0].n);
  const stamp = () => dayOf(now()).replaceAll('-', '');

  /** A live registration of the same type over any of these notes, other than `except`. */
  const conflicting = async (filing: RegistryFiling, except?: string) => {
    if (filing.subject.noteNos.length === 0) return undefined;
    const [row] = await db
      .select({ registrationNo: zdRegistrations.registrationNo })
      .from(zdRegistrationNotes)
      .innerJoin(zdRegistrations, eq(zdRegistrations.id, zdRegistrationNotes.registrationId))
      .innerJoin(creditNotes, eq(creditNotes.id, zdRegistrationNotes.noteId))
      .where(
        and(
          inArray(creditNotes.noteNo, [...filing.subject.noteNos]),
          eq(zdRegistrations.registrationType, filing.registrationType),
          eq(zdRegistrations.status, REGISTRATION_STATUS.registered),
          except ? ne(zdRegistrations.registrationNo, except) : undefined,
        ),
      )
      .limit(1);
    return row?.registrationNo;
  };

  /** A value's label in the platform's dictionary (what the screens show for it); the value itself if the dictionary lacks it. */
  const dictLabel = async (dictType: string, value: string) => {
    const [row] = await db
      .select({ label: sysDictData.dictLabel })
      .from(sysDictData)
      .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.dictValue, value)))
      .limit(1);
    return row?.label ?? value;
  };

  const answer = async (act: RegistryAct, registrationNo: string | null, filing: RegistryFiling, status: RegistryRecord['status']): Promise<RegistryAnswer> => {
    const n = await next();
    const number = registrationNo ?? `ZD${stamp()}${String(n).padStart(8, '0')}`;
    const receiptNo = `HZ${stamp()}${String(n).padStart(8, '0')}`;
    const answeredAt = now().toISOString();
    const subject =
      filing.subject.kind === 'PACKAGE'
        ? `资产包 ${filing.subject.packageNo}（${filing.subject.noteNos.length} 张白条）`
        : `白条 ${filing.subject.noteNos.join('、')}`;
    const certificate = await certificatePdf({
      registrationNo: number,
      receiptNo,
      actLabel: await dictLabel(REGISTRATION_ACTION_DICT, act),
      typeLabel: TYPE_LABEL[filing.registrationType],
      transferorName: filing.transferor.name,
      transfereeName: filing.transferee.name,
      amount: filing.amount,
      amountInWords: amountToChinese(filing.amount),
      periodYears: filing.periodYears,
      startDate: filing.startDate,
      expireDate: filing.expireDate,
      statusLabel: await dictLabel(REGISTRATION_STATUS_DICT, status),
      subject,
      description: filing.description,
      issuedAt: answeredAt.replace('T', ' ').slice(0, 19),
    });
    return { accepted: true, registrationNo: number, receiptNo, answeredAt, certificate };
  };

  const partiesRefusal = (filing: RegistryFiling) => (filing.transferor.id === filing.transferee.id ? refuse('sameParty') : undefined);
  const liveRefusal = (current: RegistryRecord) =>
    current.status !== REGISTRATION_STATUS.registered ? refuse('cancelled', { no: current.registrationNo }) : undefined;

  return {
    async register(filing) {
      const refused = partiesRefusal(filing);
      if (refused) return refused;
      const other = await conflicting(filing);
      if (other) return refuse('duplicate', { no: other });
      return answer('REGISTER', null, filing, 'REGISTERED');
    },
    async amend(current, changed) {
      const refused = liveRefusal(current) ?? partiesRefusal(changed);
      if (refused) return refused;
      const other = await conflicting(changed, current.registrationNo);
      if (other) return refuse('duplicate', { no: other });
      return answer('AMEND', current.registrationNo, changed, 'REGISTERED');
    },
    async extend(current, periodYears, expireDate) {
      const refused = liveRefusal(current);
      if (refused) return refused;
      if (periodYears <= current.periodYears) return refuse('notLonger', { years: String(current.periodYears) });
      if (periodYears > MAX_PERIOD_YEARS) return refuse('tooLong', { max: String(MAX_PERIOD_YEARS) });
      return answer('EXTEND', current.registrationNo, { ...current, periodYears, expireDate }, 'REGISTERED');
    },
    async cancel(current) {
      const refused = liveRefusal(current);
      if (refused) return refused;
      return answer('CANCEL', current.registrationNo, current, 'CANCELLED');
    },
  };
}

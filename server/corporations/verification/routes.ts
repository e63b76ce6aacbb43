/**
 * Verification of a corporation (DOMAIN.md): identity, company, bank account and address, each
 * AUTHENTICATING, FAILURE or SUCCESS, under /op/v1/corporations/verifications. The outside services
 * are the gateway (gateway.ts). A bank account is paid a random 0.01–0.99 yuan, which the operator
 * confirms back; MICRO_PAYMENT_TRIES wrong amounts fail it and a new payment is needed. One
 * verification of a kind (and account) runs at a time; the paid amount never leaves the server.
 */
import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  MICRO_PAYMENT_MAX,
  MICRO_PAYMENT_MIN,
  MICRO_PAYMENT_TRIES,
  VERIFICATION_KIND,
  VERIFICATION_STATUS,
  isMicroPaymentAmount,
  sameAmount,
  triesLeft,
  type VerificationKind,
} from '../../../src/lib/corporations';
import { fenToYuan, toFen } from '../../../src/lib/money';
import { PERMISSIONS } from '../../../src/features/corporations/permissions';
import type { AppContext } from '../../context';
import { id, money, oneOf, optional } from '../../input/fields';
import type { Tx } from '../../crud/routes';
import { corpBankAccounts, corporations, corpVerifications } from '../../db/schema';
import { businessError, protocolError, validationError } from '../../errors';
import { translate } from '../../i18n';
import { route } from '../../routes/route';
import { OPERATION_ACTION } from '../../../src/resources/operation-log';
import { recordChange, type ChangeEntry } from '../../operation-log/record';
import type { Principal } from '../../security/sessions';
import type { SensitiveCipher } from '../../sensitive/cipher';
import { sensitiveCipherOf } from '../../sensitive/values';
import type { GatewayVerdict, VerificationGateway } from './gateway';

type Verification = typeof corpVerifications.$inferSelect;
type Corporation = typeof corporations.$inferSelect;

export const VERIFICATION_BASE = '/op/v1/corporations/verifications';
const key = (name: string) => `corporations:verification.server.${name}`;
const fieldLabel = (name: string) => translate(`corporations:corporation.fields.${name}`);

/** What the pages see: never the paid amount, but the tries left while a payment awaits confirmation. */
export function verificationView(row: Verification) {
  const { paidAmount: _secret, ...shown } = row;
  return { ...shown, triesLeft: row.kind === VERIFICATION_KIND.bankAccount ? triesLeft(row.attempts) : null };
}

const verificationId = id('corporations:verification.fields.id');
const corpBody = z.object({ corpId: id('server:input.fields.corpId') });
/** The bank account a BANK_ACCOUNT verification pays: which kind needs one is the handler's rule. */
const startBody = corpBody.extend({
  kind: oneOf('corporations:verification.kind', [
    VERIFICATION_KIND.identity,
    VERIFICATION_KIND.company,
    VERIFICATION_KIND.bankAccount,
    VERIFICATION_KIND.address,
  ]),
  bankAccountId: optional(id('corporations:verification.account')),
});
/** The amount by the one money rule (0 is an answer: the check says it is not the one paid); its range is the handler's. */
const confirmBody = z.object({ id: verificationId, amount: money('corporations:verification.amount', { allowZero: true }) });
const verificationBody = z.object({ id: verificationId });

const open = (cipher: SensitiveCipher, sealed: string | null) => (sealed ? cipher.open(sealed) : '');

/** Asks the gateway about a corporation's current data; names the fields still missing. */
async function askGateway(
  gateway: VerificationGateway,
  cipher: SensitiveCipher,
  corp: Corporation,
  kind: Exclude<VerificationKind, 'BANK_ACCOUNT'>,
  followUp: boolean,
): Promise<GatewayVerdict> {
  const need = (fields: Record<string, string>) => {
    const missing = Object.entries(fields)
      .filter(([, v]) => !v)
      .map(([f]) => fieldLabel(f));
    if (missing.length) throw businessError('VERIFICATION_DATA_MISSING', key('missing'), { fields: missing.join('、') });
    return fields;
  };
  if (kind === VERIFICATION_KIND.identity) {
    const f = need({
      legalPersonName: corp.legalPersonName ?? '',
      legalPersonIdCard: open(cipher, corp.legalPersonIdCard),
      managerMobile: open(cipher, corp.managerMobile),
    });
    return gateway.identity({ name: f.legalPersonName, idCard: f.legalPersonIdCard, mobile: f.managerMobile }, followUp);
  }
  if (kind === VERIFICATION_KIND.company) {
    const f = need({ corpName: corp.corpName, creditCode: corp.creditCode, legalPersonName: corp.legalPersonName ?? '' });
    return gateway.company({ corpName: f.corpName, creditCode: f.creditCode, legalPersonName: f.legalPersonName }, followUp);
  }
  const f = need({ registeredAddress: corp.registeredAddress ?? '' });
  return gateway.address({ address: f.registeredAddress }, followUp);
}

const verdictColumns = (verdict: GatewayVerdict) => ({ status: verdict.status, failReason: verdict.status === 'FAILURE' ? verdict.reason : null });

export function verificationRoutes(api: FastifyInstance, ctx: AppContext, gateway: VerificationGateway): void {
  const { corporation } = PERMISSIONS;
  const post = <B>(path: string, permission: string, body: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${VERIFICATION_BASE}/${path}`,
      auth: 'session',
      permission,
      body,
      handler: ({ body, principal }) => handler(body, principal),
    });

  const lockCorp = async (tx: Tx, id: string) => {
    const [corp] = await tx.select().from(corporations).where(eq(corporations.id, id)).for('update');
    if (!corp) throw businessError('NOT_FOUND', 'corporations:server.corpNotFound');
    return corp;
  };
  const lockVerification = async (tx: Tx, id: string) => {
    const [row] = await tx.select().from(corpVerifications).where(eq(corpVerifications.id, id)).for('update');
    if (!row) throw protocolError('NOT_FOUND', translate('server:crud.notFound'));
    return row;
  };

  post('list', corporation.query, corpBody, async ({ corpId }) => {
    const rows = await ctx.db.select().from(corpVerifications).where(eq(corpVerifications.corpId, corpId)).orderBy(desc(corpVerifications.createTime));
    return rows.map(verificationView);
  });

  /** A verification's write in the operation log; the micro-payment amount is what proves the account, so it is masked. */
  const logged = (tx: Tx, principal: Principal, entry: Omit<ChangeEntry, 'resource' | 'sensitive'>) =>
    recordChange(tx, principal, { ...entry, resource: 'corp-verifications', sensitive: ['paidAmount'] });

  post('start', corporation.verify, startBody, async (body, principal) => {
    const { kind, corpId } = body;
    const bankAccountId = kind === VERIFICATION_KIND.bankAccount ? (body.bankAccountId ?? null) : null;
    if (kind === VERIFICATION_KIND.bankAccount && !bankAccountId) throw validationError(translate(key('accountRequired')));
    const cipher = await sensitiveCipherOf(ctx.db);
    // The corporation's row lock makes two simultaneous starts of one kind wait for each other.
    return ctx.db.transaction(async (tx) => {
      const corp = await lockCorp(tx, corpId);
      const running = await tx
        .select({ id: corpVerifications.id, bankAccountId: corpVerifications.bankAccountId })
        .from(corpVerifications)
        .where(and(eq(corpVerifications.corpId, corp.id), eq(corpVerifications.kind, kind), eq(corpVerifications.status, VERIFICATION_STATUS.authenticating)));
      if (running.some((r) => r.bankAccountId === bankAccountId)) throw businessError('VERIFICATION_RUNNING', key('running'));
      let verdict: GatewayVerdict;
      let paidAmount: string | null = null;
      if (kind === VERIFICATION_KIND.bankAccount) {
        const [account] = await tx
          .select()
          .from(corpBankAccounts)
          .where(and(eq(corpBankAccounts.id, bankAccountId!), eq(corpBankAccounts.corpId, corp.id)));
        if (!account) throw businessError('NOT_FOUND', key('accountNotFound'));
        paidAmount = fenToYuan(BigInt(randomInt(Number(toFen(MICRO_PAYMENT_MIN)), Number(toFen(MICRO_PAYMENT_MAX)) + 1)));
        const paid = await gateway.pay({
          bankName: account.bankName,
          accountName: account.accountName,
          accountNo: cipher.open(account.accountNo),
          amount: paidAmount,
        });
        verdict = paid.status === 'SUCCESS' ? { status: 'AUTHENTICATING' } : paid;
      } else {
        verdict = await askGateway(gateway, cipher, corp, kind, false);
      }
      const [row] = await tx
        .insert(corpVerifications)
        .values({ corpId: corp.id, kind, bankAccountId, paidAmount, ...verdictColumns(verdict), createBy: principal.username, updateBy: principal.username })
        .returning();
      await logged(tx, principal, { recordId: row.id, action: OPERATION_ACTION.create, after: row });
      return verificationView(row);
    });
  });

  post('confirm', corporation.verify, confirmBody, async (body, principal) => {
    const { id } = body;
    // The one money rule has passed (the schema); the micro payment's range is checked here.
    const { amount } = body;
    if (!isMicroPaymentAmount(amount)) throw validationError(translate(key('badAmount'), { min: MICRO_PAYMENT_MIN, max: MICRO_PAYMENT_MAX }));
    const outcome = await ctx.db.transaction(async (tx) => {
      const row = await lockVerification(tx, id);
      if (row.kind !== VERIFICATION_KIND.bankAccount || row.status !== VERIFICATION_STATUS.authenticating || !row.paidAmount)
        throw businessError('VERIFICATION_NOT_AUTHENTICATING', key('notAuthenticating'));
      const right = sameAmount(amount, row.paidAmount);
      const attempts = right ? row.attempts : row.attempts + 1;
      const exhausted = attempts >= MICRO_PAYMENT_TRIES;
      const status = right ? VERIFICATION_STATUS.success : exhausted ? VERIFICATION_STATUS.failure : VERIFICATION_STATUS.authenticating;
      const [updated] = await tx
        .update(corpVerifications)
        .set({
          status,
          attempts,
          failReason: exhausted && !right ? translate(key('exhausted')) : null,
          dataVersion: row.dataVersion + 1,
          updateTime: new Date(),
          updateBy: principal.username,
        })
        .where(eq(corpVerifications.id, id))
        .returning();
      await logged(tx, principal, { recordId: id, action: OPERATION_ACTION.update, before: row, after: updated });
      return { updated, right };
    });
    // A wrong amount is counted (committed above) and then refused, so the count survives the refusal.
    if (!outcome.right) {
      const left = triesLeft(outcome.updated.attempts);
      throw businessError('MICRO_PAYMENT_MISMATCH', left > 0 ? key('wrongAmount') : key('exhausted'), { left: String(left) });
    }
    return verificationView(outcome.updated);
  });

  post('refresh', corporation.verify, verificationBody, async ({ id }, principal) => {
    const cipher = await sensitiveCipherOf(ctx.db);
    return ctx.db.transaction(async (tx) => {
      const row = await lockVerification(tx, id);
      if (row.kind === VERIFICATION_KIND.bankAccount || row.status !== VERIFICATION_STATUS.authenticating)
        throw businessError('VERIFICATION_NOT_AUTHENTICATING', key('notAuthenticating'));
      const corp = await lockCorp(tx, row.corpId);
      const verdict = await askGateway(gateway, cipher, corp, row.kind as Exclude<VerificationKind, 'BANK_ACCOUNT'>, true);
      const [updated] = await tx
        .update(corpVerifications)
        .set({ ...verdictColumns(verdict), dataVersion: row.dataVersion + 1, updateTime: new Date(), updateBy: principal.username })
        .where(eq(corpVerifications.id, id))
        .returning();
      await logged(tx, principal, { recordId: id, action: OPERATION_ACTION.update, before: row, after: updated });
      return verificationView(updated);
    });
  });
}

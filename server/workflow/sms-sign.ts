/**
 * SMS signing (spec 4.3, 5.2, §8): a 6-digit code per user and signing scope (businessType,
 * productType, businessKeys), valid 5 minutes, not re-sent within 60 s, locked after 5 wrong entries,
 * used once. Only a salted hash of the code is stored. There is no SMS gateway: in demo mode the code
 * is delivered to the demo outbox (server/demo-outbox.ts, where a demo user or a test reads it), never
 * to the log; otherwise sending fails.
 */
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONFIG_KEY } from '../../src/lib/codes';
import { SIGN_RESULT, SMS_CODE_LENGTH, SMS_CODE_TTL_MS, SMS_MAX_ATTEMPTS, SMS_RESEND_WAIT_MS } from '../../src/lib/sms-sign';
import type { Db } from '../db/open';
import type { DemoOutbox } from '../demo-outbox';
import { smsSignCodes, sysConfigs } from '../db/schema';
import { ApiError, businessError } from '../errors';
import { translate } from '../i18n';
import type { Principal } from '../security/sessions';
import { isPlainObject } from '../validation';

const CODE_STATUS = { PENDING: 'PENDING', VERIFIED: 'VERIFIED', LOCKED: 'LOCKED' } as const;

/** The signing scope and the fields spec 5.2 requires; anything missing answers code 1. */
export interface SignScope {
  businessKeys: string[];
  businessType: string;
  productType: string;
  personId?: string;
  corpId?: string;
}

const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

const incomplete = () => new ApiError(SIGN_RESULT.INCOMPLETE, translate('server:signature.incomplete'), 200);

/** Reads the scope; `alsoRequired` names further required text fields (verify: corpName). */
export function readSignScope(body: unknown, alsoRequired: readonly string[] = []): SignScope {
  if (!isPlainObject(body)) throw incomplete();
  const { businessKeys, businessType, productType } = body;
  const keysOk = Array.isArray(businessKeys) && businessKeys.length > 0 && businessKeys.every(nonEmpty);
  if (!keysOk || !nonEmpty(businessType) || !nonEmpty(productType) || !alsoRequired.every((field) => nonEmpty(body[field]))) throw incomplete();
  const optional = (field: string) => (nonEmpty(body[field]) ? (body[field] as string) : undefined);
  return { businessKeys: businessKeys as string[], businessType, productType, personId: optional('personId'), corpId: optional('corpId') };
}

/** The scope as one text: the same keys in any order sign the same thing. */
const scopeKeys = (keys: readonly string[]) => JSON.stringify([...new Set(keys)].sort());

const hashCode = (id: string, code: string) => createHash('sha256').update(`${id}:${code}`).digest('hex');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export interface SmsSignOptions {
  db: Db;
  now: () => number;
  /** Where codes are delivered: the demo outbox in demo mode; without one (no SMS gateway) sending fails. */
  outbox: DemoOutbox | undefined;
  log: FastifyBaseLogger;
}

export class SmsSignService {
  constructor(private readonly options: SmsSignOptions) {}

  /** Whether SMS signing is switched on for the corporation: its name is in the config's JSON array. */
  async isOpen(corpName: string): Promise<boolean> {
    const [row] = await this.options.db.select({ value: sysConfigs.configValue }).from(sysConfigs).where(eq(sysConfigs.configKey, CONFIG_KEY.smsSignOpenCorps));
    if (!row) return false;
    try {
      const names: unknown = JSON.parse(row.value);
      return Array.isArray(names) && names.includes(corpName);
    } catch {
      this.options.log.warn({ configKey: CONFIG_KEY.smsSignOpenCorps }, 'SMS sign switch config is not a JSON array; signing treated as off');
      return false;
    }
  }

  async apply(principal: Principal, scope: SignScope): Promise<{ resendAfterSeconds: number; expiresInSeconds: number }> {
    const { db, now, outbox } = this.options;
    const sentAt = now();
    // 60 s between codes per user, whatever the scope: one phone, one countdown.
    const [recent] = await db
      .select({ sentAt: smsSignCodes.sentAt })
      .from(smsSignCodes)
      .where(and(eq(smsSignCodes.userId, principal.userId), gt(smsSignCodes.sentAt, new Date(sentAt - SMS_RESEND_WAIT_MS))))
      .orderBy(desc(smsSignCodes.sentAt))
      .limit(1);
    if (recent) {
      const seconds = Math.ceil((recent.sentAt.getTime() + SMS_RESEND_WAIT_MS - sentAt) / 1000);
      throw businessError('SMS_RESEND_TOO_SOON', 'server:signature.tooSoon', { seconds: String(Math.max(seconds, 1)) });
    }
    if (!outbox) throw businessError('SMS_SEND_FAILED', 'server:signature.sendFailed');

    const code = String(randomInt(0, 10 ** SMS_CODE_LENGTH)).padStart(SMS_CODE_LENGTH, '0');
    const id = randomUUID();
    await db.insert(smsSignCodes).values({
      id,
      userId: principal.userId,
      personId: scope.personId ?? null,
      corpId: scope.corpId ?? null,
      businessType: scope.businessType,
      productType: scope.productType,
      businessKeys: scopeKeys(scope.businessKeys),
      codeHash: hashCode(id, code),
      sentAt: new Date(sentAt),
      expiresAt: new Date(sentAt + SMS_CODE_TTL_MS),
    });
    await outbox.deliver({
      kind: 'SMS_SIGN_CODE',
      username: principal.username,
      businessType: scope.businessType,
      productType: scope.productType,
      businessKeys: scope.businessKeys,
      code,
    });
    return { resendAfterSeconds: SMS_RESEND_WAIT_MS / 1000, expiresInSeconds: SMS_CODE_TTL_MS / 1000 };
  }

  /** Checks the code of the user's latest code for this scope; a right code is used up. */
  async verify(principal: Principal, scope: SignScope, verifyCode: unknown): Promise<void> {
    const { db, now } = this.options;
    if (!nonEmpty(verifyCode)) throw businessError('SMS_CODE_REQUIRED', 'server:signature.codeRequired');
    const [latest] = await db
      .select()
      .from(smsSignCodes)
      .where(
        and(
          eq(smsSignCodes.userId, principal.userId),
          eq(smsSignCodes.businessType, scope.businessType),
          eq(smsSignCodes.productType, scope.productType),
          eq(smsSignCodes.businessKeys, scopeKeys(scope.businessKeys)),
        ),
      )
      .orderBy(desc(smsSignCodes.sentAt))
      .limit(1);
    if (!latest) throw businessError('SMS_CODE_MISSING', 'server:signature.notApplied');
    if (latest.status === CODE_STATUS.VERIFIED) throw businessError('SMS_CODE_USED', 'server:signature.used');
    if (latest.status === CODE_STATUS.LOCKED) throw businessError('SMS_CODE_LOCKED', 'server:signature.locked');
    if (now() > latest.expiresAt.getTime()) throw businessError('SMS_CODE_EXPIRED', 'server:signature.expired');

    const right = sameHash(hashCode(latest.id, verifyCode.trim()), latest.codeHash);
    const failedAttempts = right ? latest.failedAttempts : latest.failedAttempts + 1;
    const status = right ? CODE_STATUS.VERIFIED : failedAttempts >= SMS_MAX_ATTEMPTS ? CODE_STATUS.LOCKED : CODE_STATUS.PENDING;
    // Guarded by dataVersion: two entries racing on one code count as two, and a right code is used once.
    const [changed] = await db
      .update(smsSignCodes)
      // The database's clock, as the tasks' createTime is: a signature counts for tasks opened before it.
      .set({ failedAttempts, status, verifiedAt: right ? sql`now()` : null, dataVersion: sql`${smsSignCodes.dataVersion} + 1` })
      .where(and(eq(smsSignCodes.id, latest.id), eq(smsSignCodes.dataVersion, latest.dataVersion)))
      .returning({ id: smsSignCodes.id });
    if (!changed) return this.verify(principal, scope, verifyCode);
    if (right) return;
    if (status === CODE_STATUS.LOCKED) throw businessError('SMS_CODE_LOCKED', 'server:signature.locked');
    throw businessError('SMS_CODE_INVALID', 'server:signature.wrong', { left: String(SMS_MAX_ATTEMPTS - failedAttempts) });
  }

  /**
   * Whether the user entered a right code over exactly this scope since `since` (e.g. when the task
   * opened), and that code is still within its validity: what a signed step's pass requires.
   */
  async hasVerified(principal: Principal, scope: SignScope, since: Date): Promise<boolean> {
    const { db, now } = this.options;
    const [found] = await db
      .select({ id: smsSignCodes.id })
      .from(smsSignCodes)
      .where(
        and(
          eq(smsSignCodes.userId, principal.userId),
          eq(smsSignCodes.businessType, scope.businessType),
          eq(smsSignCodes.productType, scope.productType),
          eq(smsSignCodes.businessKeys, scopeKeys(scope.businessKeys)),
          eq(smsSignCodes.status, CODE_STATUS.VERIFIED),
          gte(smsSignCodes.verifiedAt, since),
          gt(smsSignCodes.expiresAt, new Date(now())),
        ),
      )
      .limit(1);
    return Boolean(found);
  }
}

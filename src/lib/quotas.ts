/**
 * The quota rules (DOMAIN.md "Quotas") shared by the screens and the server: the three kinds, their
 * twelve processes, the ledger's movements and what each does to an account's balances, and the
 * arithmetic, always in whole fen (bigint) through src/lib/money, never in binary floats.
 *
 * An account is one grantor's quota for one unit of a group tree. Its balances:
 *   available = granted - dispatched - frozen - used   (never negative)
 * A dispatch moves `x` from a parent account (dispatched += x) to a child unit's account
 * (granted += x) in one transaction, so a tree's total is conserved and a unit never holds more than
 * its parent dispatched to it.
 */
import { formatCurrency, moneyInputFen, yuan } from './money';

export const QUOTA_API = '/op/v1/quotas';

export const QUOTA_KIND = { platform: 'PLATFORM', finance: 'FINANCE', thirdParty: 'THIRD_PARTY' } as const;
export type QuotaKind = (typeof QUOTA_KIND)[keyof typeof QUOTA_KIND];
export const QUOTA_KIND_DICT = 'quota_kind';

/** Who a third-party quota is for (its processes differ): the platform or a finance institution. */
export const QUOTA_CHANNEL = { platform: 'PLATFORM', finance: 'FINANCE' } as const;
export type QuotaChannel = (typeof QUOTA_CHANNEL)[keyof typeof QUOTA_CHANNEL];

/** The grantor id of a platform quota (the others name a corporation). */
export const PLATFORM_GRANTOR = 'PLATFORM';

export const QUOTA_REQUEST_TYPE = { apply: 'APPLY', modify: 'MODIFY', dispatch: 'DISPATCH', redispatch: 'REDISPATCH' } as const;
export type QuotaRequestType = (typeof QUOTA_REQUEST_TYPE)[keyof typeof QUOTA_REQUEST_TYPE];
export const QUOTA_REQUEST_TYPE_DICT = 'quota_request_type';

export const QUOTA_MOVEMENT = {
  grant: 'GRANT',
  adjust: 'ADJUST',
  dispatchOut: 'DISPATCH_OUT',
  dispatchIn: 'DISPATCH_IN',
  freeze: 'FREEZE',
  unfreeze: 'UNFREEZE',
  occupy: 'OCCUPY',
  release: 'RELEASE',
  recycle: 'RECYCLE',
} as const;
export type QuotaMovement = (typeof QUOTA_MOVEMENT)[keyof typeof QUOTA_MOVEMENT];
export const QUOTA_MOVEMENT_DICT = 'quota_movement';

/** The channel an account of this kind goes through (a third party's is chosen by the applicant). */
export function channelOf(kind: QuotaKind, asked?: string): QuotaChannel | undefined {
  if (kind === QUOTA_KIND.platform) return QUOTA_CHANNEL.platform;
  if (kind === QUOTA_KIND.finance) return QUOTA_CHANNEL.finance;
  return asked === QUOTA_CHANNEL.platform || asked === QUOTA_CHANNEL.finance ? asked : undefined;
}

type ProcessTable = Partial<Record<QuotaRequestType, string>>;

/** Spec 4.5's twelve quota processes: third-party quotas are applied for and modified, not dispatched. */
const PROCESSES: Record<string, ProcessTable> = {
  [`${QUOTA_KIND.platform}/${QUOTA_CHANNEL.platform}`]: {
    APPLY: 'Process_LMT_APPLY_AUDIT',
    MODIFY: 'Process_LMT_APPLY_MODIFY_AUDIT',
    DISPATCH: 'Process_LMT_DISPATCH_AUDIT',
    REDISPATCH: 'Process_LMT_AFRESH_DISPATCH_AUDIT',
  },
  [`${QUOTA_KIND.finance}/${QUOTA_CHANNEL.finance}`]: {
    APPLY: 'PROCESS_LMT_FIN_APPLY_AUDIT',
    MODIFY: 'PROCESS_LMT_FIN_APPLY_MODIFY_AUDIT',
    DISPATCH: 'Process_LMT_FINANCE_DISPATCH_AUDIT',
    REDISPATCH: 'Process_LMT_AFRESH_FINANCE_DISPATCH_AUDIT',
  },
  [`${QUOTA_KIND.thirdParty}/${QUOTA_CHANNEL.platform}`]: { APPLY: 'Process_TRI_LMT_APPLY_AUDIT', MODIFY: 'Process_TRI_LMT_APPLY_MODIFY_AUDIT' },
  [`${QUOTA_KIND.thirdParty}/${QUOTA_CHANNEL.finance}`]: { APPLY: 'PROCESS_TRI_LMT_FIN_APPLY_AUDIT', MODIFY: 'PROCESS_TRI_LMT_FIN_APPLY_MODIFY_AUDIT' },
};

/** The process of a request, or undefined when this kind has none (a third-party dispatch). */
export function quotaProcessKey(kind: string, channel: string, type: QuotaRequestType): string | undefined {
  return PROCESSES[`${kind}/${channel}`]?.[type];
}

/** Every quota process key (what the server owns). */
export const QUOTA_PROCESS_KEYS: readonly string[] = Object.values(PROCESSES).flatMap((table) => Object.values(table) as string[]);

export const isDispatchable = (kind: string, channel: string) => quotaProcessKey(kind, channel, QUOTA_REQUEST_TYPE.dispatch) !== undefined;

/** The four balances an account keeps (available is derived from them). */
export interface QuotaBalances {
  granted: bigint;
  dispatched: bigint;
  frozen: bigint;
  used: bigint;
}

/** What one movement changes, in fen. */
export type QuotaDeltas = QuotaBalances;

export const ZERO_DELTAS: QuotaDeltas = { granted: 0n, dispatched: 0n, frozen: 0n, used: 0n };

export const availableOf = (b: QuotaBalances): bigint => b.granted - b.dispatched - b.frozen - b.used;

/**
 * What a movement of `amount` fen does (signed: an adjust or a re-dispatch may take back). Freeze
 * sets aside, occupy turns frozen into used, release and unfreeze return frozen to available,
 * recycle returns used (a paid note).
 */
export function deltasOf(movement: QuotaMovement, amount: bigint): QuotaDeltas {
  switch (movement) {
    case 'GRANT':
    case 'ADJUST':
    case 'DISPATCH_IN':
      return { ...ZERO_DELTAS, granted: amount };
    case 'DISPATCH_OUT':
      return { ...ZERO_DELTAS, dispatched: amount };
    case 'FREEZE':
      return { ...ZERO_DELTAS, frozen: amount };
    case 'UNFREEZE':
    case 'RELEASE':
      return { ...ZERO_DELTAS, frozen: -amount };
    case 'OCCUPY':
      return { ...ZERO_DELTAS, frozen: -amount, used: amount };
    case 'RECYCLE':
      return { ...ZERO_DELTAS, used: -amount };
  }
}

export function applyDeltas(b: QuotaBalances, d: QuotaDeltas): QuotaBalances {
  return { granted: b.granted + d.granted, dispatched: b.dispatched + d.dispatched, frozen: b.frozen + d.frozen, used: b.used + d.used };
}

/** Whether balances are possible: nothing negative, available included. */
export function balancesValid(b: QuotaBalances): boolean {
  return b.granted >= 0n && b.dispatched >= 0n && b.frozen >= 0n && b.used >= 0n && availableOf(b) >= 0n;
}

/** Largest amount (yuan) a quota may hold: spec 5.4's money, 14 integer digits. */
export const QUOTA_MAX_FEN = 10n ** 16n - 1n;

/**
 * A positive amount of yuan (zero too when allowed) as fen; null when it is not one. The format is the
 * one money rule of every route (src/lib/money's moneyInputFen), so a screen refuses what the server does.
 */
export function parseAmount(value: unknown, allowZero = false): bigint | null {
  const fen = moneyInputFen(value);
  if (fen === null || fen > QUOTA_MAX_FEN) return null;
  return fen > 0n || (allowZero && fen === 0n) ? fen : null;
}

/** One line of a dispatch: a unit right below the source and the amount (added, or for a re-dispatch the new total). */
export interface DispatchLine {
  unitId: string;
  amount: bigint;
  /** What the unit holds from this source now (its account's granted). */
  current: bigint;
}

/**
 * What a dispatch takes from the source's available: a dispatch adds every line; a re-dispatch sets
 * each unit's total, so it takes the rises and gives back the cuts.
 */
export function dispatchNeed(lines: readonly DispatchLine[], afresh: boolean): bigint {
  return lines.reduce((sum, line) => sum + (afresh ? line.amount - line.current : line.amount), 0n);
}

/** What each line moves (signed): the added amount, or the target minus what the unit holds. */
export const lineDelta = (line: DispatchLine, afresh: boolean): bigint => (afresh ? line.amount - line.current : line.amount);

/** A running request as the reservation rule reads it: amounts in fen, each line with its unit's account (null before the first dispatch). */
export interface PendingQuotaRequest {
  type: string;
  accountId: string | null;
  /** An application's or a modification's new total (a dispatch's is the sum of its lines, not read). */
  amount: bigint;
  lines: readonly { accountId: string | null; amount: bigint }[];
}

/**
 * What running requests hold back from each account (fen, by account id), priced at today's granted
 * of the accounts they touch, as their approval would price them: a dispatch holds its need from its
 * source (a re-dispatch that gives back on balance holds nothing: nothing is given back before
 * approval), a re-dispatch's cut holds that much of the unit it cuts, a modification's cut holds the
 * cut. Counted at submission so that a request the running ones would starve is refused when made,
 * not when approved.
 */
export function reservedByAccount(pending: readonly PendingQuotaRequest[], grantedOf: (accountId: string) => bigint): Map<string, bigint> {
  const reserved = new Map<string, bigint>();
  const hold = (accountId: string, fen: bigint) => {
    if (fen > 0n) reserved.set(accountId, (reserved.get(accountId) ?? 0n) + fen);
  };
  for (const request of pending) {
    if (!request.accountId) continue;
    if (request.type === QUOTA_REQUEST_TYPE.modify) hold(request.accountId, grantedOf(request.accountId) - request.amount);
    if (request.type !== QUOTA_REQUEST_TYPE.dispatch && request.type !== QUOTA_REQUEST_TYPE.redispatch) continue;
    const afresh = request.type === QUOTA_REQUEST_TYPE.redispatch;
    const lines = request.lines.map((line) => ({
      unitId: line.accountId ?? '',
      amount: line.amount,
      current: line.accountId ? grantedOf(line.accountId) : 0n,
    }));
    hold(request.accountId, dispatchNeed(lines, afresh));
    if (afresh) for (const [i, line] of request.lines.entries()) if (line.accountId) hold(line.accountId, lines[i].current - line.amount);
  }
  return reserved;
}

/** An account's figures for a dispatch check: its available and what running requests hold back from it (0 at approval). */
export interface QuotaFigures {
  available: bigint;
  reserved: bigint;
}

/** 可下发 / 可收回: what a new request may still take from an account (never shown below zero). */
export function freeOf(figures: QuotaFigures): bigint {
  const free = figures.available - figures.reserved;
  return free > 0n ? free : 0n;
}

/** A unit a dispatch line reaches: its name and figures (zeros before its first dispatch). */
export interface DispatchTarget extends QuotaFigures {
  unitName: string;
  granted: bigint;
}

/**
 * The lowest total a re-dispatch may set for a unit: what it has passed down, frozen and used, and
 * what running requests hold back from it, cannot be taken back.
 */
export const lowestTotalOf = (target: DispatchTarget): bigint => target.granted - freeOf(target);

/** A refusal as both sides word it: the server's code, and a key of the quotas namespace with its params (amounts as ¥). */
export interface QuotaRefusal {
  code: 'QUOTA_INSUFFICIENT';
  key: string;
  params: Record<string, string>;
}

/** 额度不足 for taking `needed` fen from an account: naming what running requests hold back, when they do. */
export function takeRefusal(source: QuotaFigures, needed: bigint): QuotaRefusal | null {
  if (needed <= freeOf(source)) return null;
  const params = { available: formatCurrency(yuan(source.available)), needed: formatCurrency(yuan(needed)) };
  if (source.reserved <= 0n) return { code: 'QUOTA_INSUFFICIENT', key: 'server.insufficient', params };
  return {
    code: 'QUOTA_INSUFFICIENT',
    key: 'server.insufficientReserved',
    params: { ...params, reserved: formatCurrency(yuan(source.reserved)), free: formatCurrency(yuan(freeOf(source))) },
  };
}

/**
 * The one check of a dispatch or re-dispatch, the same at the form, at submission (with what running
 * requests hold back) and at approval (with the balances locked, nothing held back: the approval is
 * what moves the money). A re-dispatch's cut must fit what the unit can give back; the total must fit
 * what the source can give.
 */
export function dispatchRefusal(
  source: QuotaFigures,
  lines: readonly DispatchLine[],
  targets: ReadonlyMap<string, DispatchTarget>,
  afresh: boolean,
): QuotaRefusal | null {
  if (afresh) {
    for (const line of lines) {
      const cut = line.current - line.amount;
      const target = targets.get(line.unitId);
      if (cut <= 0n || !target) continue;
      if (cut > freeOf(target)) {
        return {
          code: 'QUOTA_INSUFFICIENT',
          key: 'server.insufficientUnit',
          params: {
            unit: target.unitName,
            available: formatCurrency(yuan(freeOf(target))),
            needed: formatCurrency(yuan(cut)),
            lowest: formatCurrency(yuan(lowestTotalOf(target))),
          },
        };
      }
    }
  }
  return takeRefusal(source, dispatchNeed(lines, afresh));
}

/** The unit kinds a quota is dispatched to (member customers, the suppliers, hold none). */
export const DISPATCH_UNIT_KINDS: readonly string[] = ['BRANCH', 'PROJECT_DEPT'];

/** A quota account as the server answers it (balances as decimal strings): server/quotas/routes.ts writes it, the screens read it. */
export interface QuotaAccount {
  id: string;
  kind: string;
  channel: string;
  grantorId: string;
  grantorName: string;
  unitId: string;
  unitName: string;
  unitKind: string;
  groupId: string;
  parentId: string | null;
  parentUnitName: string | null;
  granted: string;
  dispatched: string;
  frozen: string;
  used: string;
  available: string;
  termEnd: string | null;
  movements: number;
}

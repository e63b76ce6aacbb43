/**
 * The quota calls under /op/v1/quotas (README "Quotas"): accounts and their dispatch tree, the four
 * requests (each starting its process), a request as its task view reads it, and an account's ledger,
 * paged and exported through the export job. Reading needs quota list / query; each request its own.
 */
import { aliasedTable, and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CORP_TYPE, UNIT_KIND } from '../../src/lib/corporations';
import { PERMISSIONS } from '../../src/features/quotas/permissions';
import { DISPATCH_UNIT_KINDS, QUOTA_API, type QuotaAccount } from '../../src/lib/quotas';
import { quotaLedgerResource } from '../../src/features/quotas/resources';
import type { AppContext } from '../context';
import { escapeLike, pagingOf } from '../crud/query';
import type { Page } from '../crud/routes';
import { corporations, groupUnits, quotaAccounts, quotaLedger, quotaRequestLines, quotaRequests, users } from '../db/schema';
import { aboutField, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { route } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { z } from 'zod';
import { registerQuotaHoldings } from './holdings';
import {
  accountsPageBody,
  dispatchBody,
  emptyBody,
  idBody,
  ledgerExportBody,
  ledgerPageBody,
  applyBody,
  modifyBody,
  redispatchBody,
  requestsPageBody,
  treeBody,
} from './input';
import { quotaRequestsOf } from './requests';
import { arrayRows } from '../exports/array-rows';
import { exportFields } from '../exports/service';
import { quotaFamilyOf, reservationsOf } from './reservations';
import { grantorNameOf } from './names';
import { unitColumns, unitNameOf } from '../corporations';
import { yuan } from '../../src/lib/money';

const parentAccounts = aliasedTable(quotaAccounts, 'parent_accounts');
const parentUnits = aliasedTable(groupUnits, 'parent_units');

/** A request with its grantor's current name, as the task view and the request list read it. */
const requestColumns = { ...getTableColumns(quotaRequests), grantorName: grantorNameOf(quotaRequests) };

const accountColumns = {
  id: quotaAccounts.id,
  kind: quotaAccounts.kind,
  channel: quotaAccounts.channel,
  grantorId: quotaAccounts.grantorId,
  grantorName: grantorNameOf(quotaAccounts),
  unitId: quotaAccounts.unitId,
  unitName: unitNameOf(groupUnits),
  unitKind: groupUnits.kind,
  groupId: quotaAccounts.groupId,
  parentId: quotaAccounts.parentId,
  parentUnitName: unitNameOf(parentUnits),
  granted: quotaAccounts.granted,
  dispatched: quotaAccounts.dispatched,
  frozen: quotaAccounts.frozen,
  used: quotaAccounts.used,
  available: quotaAccounts.available,
  termEnd: quotaAccounts.termEnd,
  movements: quotaAccounts.movements,
  dataVersion: quotaAccounts.dataVersion,
  createTime: quotaAccounts.createTime,
  updateTime: quotaAccounts.updateTime,
};

/** An account as the screens read it: the balances (decimal strings), its unit and where it was dispatched from. */

/** A ledger export's cap: a sheet holds 1,048,576 rows; a year of a busy account is well under it. */
const MAX_LEDGER_EXPORT_ROWS = 500_000;
/**
 * Rows read and written at a time: the export's memory is one batch, whatever the ledger's size. 1,000, not 5,000:
 * a batch lives through the writer's turns, and what lives through V8's scavenges is promoted; at 200,000 rows with
 * another operator's calls beside it the server grew 53-91 MB at 1,000, 101 at 2,000, 126-152 at 5,000, and 500
 * took longer for no less (docs/developers/benchmarks.md, bench:export).
 */
const LEDGER_EXPORT_BATCH = 1_000;
export interface QuotaAccountView extends QuotaAccount {
  dataVersion: number;
  createTime: Date;
  updateTime: Date;
}

export function quotaRoutes(api: FastifyInstance, ctx: AppContext): void {
  const { quota } = PERMISSIONS;
  const requests = quotaRequestsOf(ctx);
  registerQuotaHoldings(ctx.db);
  // Each call's body is its schema's (./input.ts): the handler gets it parsed and typed.
  const post = <B>(path: string, permission: string, schema: z.ZodType<B>, handler: (body: B, principal: Principal) => Promise<unknown>) =>
    route(api, {
      method: 'POST',
      path: `${QUOTA_API}/${path}`,
      auth: 'session',
      permission,
      body: schema,
      handler: ({ body, principal }) => handler(body, principal),
    });

  const accountsQuery = () =>
    ctx.db
      .select(accountColumns)
      .from(quotaAccounts)
      .innerJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId))
      .leftJoin(parentAccounts, eq(parentAccounts.id, quotaAccounts.parentId))
      .leftJoin(parentUnits, eq(parentUnits.id, parentAccounts.unitId));

  const findAccount = async (id: string) => {
    const [row] = (await accountsQuery().where(eq(quotaAccounts.id, id))) as QuotaAccountView[];
    if (!row) throw aboutField(notFoundError(translate('quotas:server.accountNotFound')), 'accountId');
    return row;
  };

  post('accounts/page', quota.list, accountsPageBody, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const conditions: SQL[] = [];
    const { kind, unitName, grantorName } = body;
    if (kind) conditions.push(eq(quotaAccounts.kind, kind));
    if (unitName) conditions.push(ilike(unitNameOf(groupUnits), `%${escapeLike(unitName)}%`));
    if (grantorName) conditions.push(ilike(grantorNameOf(quotaAccounts), `%${escapeLike(grantorName)}%`));
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(quotaAccounts).innerJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId)).where(where);
    const records = await accountsQuery()
      .where(where)
      .orderBy(asc(quotaAccounts.groupId), asc(quotaAccounts.kind), asc(grantorNameOf(quotaAccounts)), asc(quotaAccounts.createTime), asc(quotaAccounts.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records, total, pageNum, pageSize };
  });

  post('accounts/find-by-id', quota.query, idBody, async (body) => findAccount(body.id));

  /**
   * The dispatch screen's tree: the account's unit and the branches and project departments below it,
   * each with its account of the same quota (or none yet); the units right below are the ones a
   * dispatch from this account reaches.
   */
  post('accounts/tree', quota.query, treeBody, async (body) => {
    const account = await findAccount(body.id);
    const units = await ctx.db
      .select(unitColumns)
      .from(groupUnits)
      .where(eq(groupUnits.groupId, account.groupId))
      .orderBy(asc(groupUnits.sortOrder), asc(groupUnits.createTime));
    const held = await quotaFamilyOf(ctx.db, account);
    const byUnit = new Map(held.map((row) => [row.unitId, row]));
    // What running requests hold back, priced as at submission: the screen shows the figures the submission checks.
    // A returned request changed before its resubmission is not counted against itself (exceptRequestId), as its reviser does not.
    const reserved = await reservationsOf(ctx.db, held, body.exceptRequestId);
    const reservedOf = (accountId: string | undefined) => yuan(accountId ? (reserved.get(accountId) ?? 0n) : 0n);
    interface Node {
      unitId: string;
      unitName: string;
      unitKind: string;
      accountId: string | null;
      granted: string;
      dispatched: string;
      frozen: string;
      used: string;
      available: string;
      reserved: string;
      dispatchable: boolean;
      children?: Node[];
    }
    const nodeOf = (unit: (typeof units)[number]): Node => {
      const own = byUnit.get(unit.id);
      const children = units.filter((u) => u.parentId === unit.id && DISPATCH_UNIT_KINDS.includes(u.kind)).map(nodeOf);
      return {
        unitId: unit.id,
        unitName: unit.unitName,
        unitKind: unit.kind,
        accountId: own?.id ?? null,
        granted: own?.granted ?? '0.00',
        dispatched: own?.dispatched ?? '0.00',
        frozen: own?.frozen ?? '0.00',
        used: own?.used ?? '0.00',
        available: own?.available ?? '0.00',
        reserved: reservedOf(own?.id),
        dispatchable: unit.parentId === account.unitId,
        ...(children.length ? { children } : {}),
      };
    };
    const root = units.find((u) => u.id === account.unitId)!;
    return { account: { ...account, reserved: reservedOf(account.id) }, tree: [nodeOf(root)] };
  });

  post('options', quota.list, emptyBody, async () => {
    const grantors = await ctx.db
      .select({ id: corporations.id, corpName: corporations.corpName, corpTypes: corporations.corpTypes })
      .from(corporations)
      .orderBy(asc(corporations.corpName));
    const groups = await ctx.db
      .select({ id: groupUnits.id, unitName: unitNameOf(groupUnits) })
      .from(groupUnits)
      .where(eq(groupUnits.kind, UNIT_KIND.group))
      .orderBy(asc(unitNameOf(groupUnits)));
    return { grantors: grantors.filter((g) => g.corpTypes.includes(CORP_TYPE.finance)).map(({ id, corpName }) => ({ id, corpName })), groups };
  });

  post('requests/apply', quota.add, applyBody, (body, principal) => requests.apply(principal, body));
  post('requests/modify', quota.edit, modifyBody, (body, principal) => requests.modify(principal, body));
  post('requests/dispatch', quota.dispatch, dispatchBody, (body, principal) => requests.dispatch(principal, body, false));
  post('requests/redispatch', quota.dispatch, redispatchBody, (body, principal) => requests.dispatch(principal, body, true));

  /** A request as its task view shows it: the lines with their units and what each holds now. */
  post('requests/find-by-id', quota.query, idBody, async (body) => {
    const { id } = body;
    const [request] = await ctx.db.select(requestColumns).from(quotaRequests).where(eq(quotaRequests.id, id));
    if (!request) throw notFoundError(translate('quotas:server.requestNotFound'));
    const [unit] = await ctx.db
      .select({ unitName: unitNameOf(groupUnits) })
      .from(groupUnits)
      .where(eq(groupUnits.id, request.unitId));
    const account = request.accountId ? await findAccount(request.accountId) : null;
    const lineRows = await ctx.db
      .select({ unitId: quotaRequestLines.unitId, unitName: unitNameOf(groupUnits), amount: quotaRequestLines.amount, current: quotaRequestLines.current })
      .from(quotaRequestLines)
      .leftJoin(groupUnits, eq(groupUnits.id, quotaRequestLines.unitId))
      .where(eq(quotaRequestLines.requestId, id))
      .orderBy(asc(groupUnits.sortOrder));
    const held = account
      ? await ctx.db
          .select({ unitId: quotaAccounts.unitId, granted: quotaAccounts.granted, available: quotaAccounts.available })
          .from(quotaAccounts)
          .where(eq(quotaAccounts.parentId, account.id))
      : [];
    const lines = lineRows.map((line) => {
      const now = held.find((h) => h.unitId === line.unitId);
      return { ...line, grantedNow: now?.granted ?? '0.00', availableNow: now?.available ?? '0.00' };
    });
    return { request, unitName: unit?.unitName ?? null, account, lines };
  });

  post('requests/page', quota.list, requestsPageBody, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const where = eq(quotaRequests.accountId, body.accountId);
    const [{ total }] = await ctx.db.select({ total: count() }).from(quotaRequests).where(where);
    const records = await ctx.db
      .select(requestColumns)
      .from(quotaRequests)
      .where(where)
      .orderBy(desc(quotaRequests.createTime))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records, total, pageNum, pageSize };
  });

  const counterpartAccounts = aliasedTable(quotaAccounts, 'counterpart_accounts');
  const counterpartUnits = aliasedTable(groupUnits, 'counterpart_units');
  const operators = aliasedTable(users, 'operators');
  const ledgerFilters = (body: z.infer<typeof ledgerExportBody>): { accountId: string; filtered: boolean; where: SQL } => {
    const { accountId, movement, createTimeStart: start, createTimeEnd: end } = body;
    const conditions: SQL[] = [eq(quotaLedger.accountId, accountId)];
    if (movement) conditions.push(eq(quotaLedger.movement, movement));
    if (start) conditions.push(gte(quotaLedger.createTime, start));
    if (end) conditions.push(lte(quotaLedger.createTime, end));
    if (start && end && start > end) throw validationError(translate('quotas:server.rangeReversed'));
    return { accountId, filtered: conditions.length > 1, where: and(...conditions)! };
  };
  // 操作人 by the staff record's name now; the username only when no staff record has it (a system movement).
  const operatorName = sql<string | null>`coalesce(${operators.personName}, ${quotaLedger.createBy})`;
  const ledgerRows = (where: SQL) =>
    ctx.db
      .select({
        id: quotaLedger.id,
        createTime: quotaLedger.createTime,
        movement: quotaLedger.movement,
        amount: quotaLedger.amount,
        availableAfter: quotaLedger.availableAfter,
        dGranted: quotaLedger.dGranted,
        dDispatched: quotaLedger.dDispatched,
        dFrozen: quotaLedger.dFrozen,
        dUsed: quotaLedger.dUsed,
        counterpartId: quotaLedger.counterpartId,
        counterpartUnit: unitNameOf(counterpartUnits),
        requestId: quotaLedger.requestId,
        processKey: quotaLedger.processKey,
        reference: quotaLedger.reference,
        remark: quotaLedger.remark,
        createBy: quotaLedger.createBy,
        createByName: operatorName,
      })
      .from(quotaLedger)
      .leftJoin(operators, eq(operators.username, quotaLedger.createBy))
      .leftJoin(counterpartAccounts, eq(counterpartAccounts.id, quotaLedger.counterpartId))
      .leftJoin(counterpartUnits, eq(counterpartUnits.id, counterpartAccounts.unitId))
      .where(where)
      .orderBy(desc(quotaLedger.id));

  /**
   * The ids of a page of movements, newest first, read from the ledger alone: the (account_id, id) index gives
   * them in order. Joined to the names only afterwards, for those ids: with the joins in the same statement the
   * planner sorted every movement of the account, a second or more at 200,000 movements on PGlite, for each
   * page and each export batch, with the server's one thread waiting.
   */
  const ledgerIds = async (where: SQL, limit: number, offset = 0) =>
    (await ctx.db.select({ id: quotaLedger.id }).from(quotaLedger).where(where).orderBy(desc(quotaLedger.id)).limit(limit).offset(offset)).map((r) => r.id);
  const ledgerRowsOf = async (ids: number[]) => (ids.length ? ledgerRows(inArray(quotaLedger.id, ids)) : []);

  /** Newest first. Unfiltered, the total is the account's movement count, not a count over the ledger. */
  post('ledger/page', quota.list, ledgerPageBody, async (body): Promise<Page> => {
    const { pageNum, pageSize } = pagingOf(body);
    const { accountId, filtered, where } = ledgerFilters(body);
    const account = await findAccount(accountId);
    const total = filtered ? (await ctx.db.select({ total: count() }).from(quotaLedger).where(where))[0].total : account.movements;
    const records = await ledgerRowsOf(await ledgerIds(where, pageSize, (pageNum - 1) * pageSize));
    return { records: records.map((r) => ({ ...r, id: String(r.id) })), total, pageNum, pageSize };
  });

  /**
   * A movement's cells in the export, formatted by the database and read as arrays (server/exports/array-rows.ts):
   * a 200,000-row export read through drizzle's row objects and a mapped copy of each grew the server by some
   * 200 MB of garbage. Each is the page's value as the sheet writes it: the id and the amounts as their text
   * (a numeric's text is the decimal string the page answers), the time as epoch milliseconds (what the page's
   * Date holds: PostgreSQL keeps microseconds, a Date drops them), the names by the page's expressions.
   */
  const ledgerExportCells: Record<keyof typeof quotaLedgerResource.fields, SQL> = {
    id: sql`${quotaLedger.id}::text`,
    createTime: sql`floor(extract(epoch from ${quotaLedger.createTime}) * 1000)::float8`,
    movement: sql`${quotaLedger.movement}`,
    amount: sql`${quotaLedger.amount}::text`,
    availableAfter: sql`${quotaLedger.availableAfter}::text`,
    counterpartUnit: unitNameOf(counterpartUnits),
    reference: sql`${quotaLedger.reference}`,
    remark: sql`${quotaLedger.remark}`,
    // The export's 操作人 column (createBy) reads the person's name, as the page does.
    createBy: operatorName,
  };
  const ledgerExportColumns = exportFields(quotaLedgerResource).map(([name]) => name as keyof typeof ledgerExportCells);
  const ledgerExportSelection = Object.fromEntries(ledgerExportColumns.map((name) => [name, ledgerExportCells[name]]));
  const ledgerExportIdIndex = ledgerExportColumns.indexOf('id');

  post('ledger/export', quota.export, ledgerExportBody, async (body, principal) => {
    const { accountId, where } = ledgerFilters(body);
    await findAccount(accountId);
    // Read and written batch by batch, newest first by id (a keyset, so each batch is an index range, not an
    // offset walked again): a year's ledger of a busy account is exported without holding it in memory. The
    // batch's ids come from the ledger alone (the (account_id, id) index, see ledgerIds); the names are joined
    // for those ids only, in the same statement.
    async function* batches() {
      let before: number | undefined;
      for (let read = 0; read < MAX_LEDGER_EXPORT_ROWS;) {
        const ids = ctx.db
          .select({ id: quotaLedger.id })
          .from(quotaLedger)
          .where(before === undefined ? where : and(where, lt(quotaLedger.id, before)))
          .orderBy(desc(quotaLedger.id))
          .limit(Math.min(LEDGER_EXPORT_BATCH, MAX_LEDGER_EXPORT_ROWS - read));
        const rows = await arrayRows(
          ctx.db,
          ctx.db
            .select(ledgerExportSelection)
            .from(quotaLedger)
            .leftJoin(operators, eq(operators.username, quotaLedger.createBy))
            .leftJoin(counterpartAccounts, eq(counterpartAccounts.id, quotaLedger.counterpartId))
            .leftJoin(counterpartUnits, eq(counterpartUnits.id, counterpartAccounts.unitId))
            .where(inArray(quotaLedger.id, ids))
            .orderBy(desc(quotaLedger.id)),
        );
        if (rows.length === 0) return;
        read += rows.length;
        before = Number(rows[rows.length - 1][ledgerExportIdIndex]);
        yield rows;
      }
    }
    return ctx.exports.startArrays(principal, quotaLedgerResource, batches);
  });
}

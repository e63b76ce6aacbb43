/**
 * Bills (src/lib/bills.ts): generating a month's bills from SQL aggregates over the notes issued and
 * the financings signed, priced by the price policies in force; submitting one into Process_BILL_MANAGE
 * (its status changes only when the instance ends); registering the payment; invoicing a paid bill.
 *
 * Concurrency: a bill is one per corporation and period (bills_corp_period_uq): two generations of
 * the same month insert with ON CONFLICT DO NOTHING, the second waits for the first and creates
 * nothing. Every status change reads the bill FOR UPDATE and checks its status (and the version the
 * caller read), so two requests never both move it; one invoice per bill is held by a unique key.
 */
import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import {
  BILL_BASIS,
  BILL_BUSINESS_TYPE,
  BILL_PROCESS_KEY,
  BILL_STATUS,
  billFee,
  billNumber,
  invoiceNumber,
  lineFeeFen,
  nextBillStatus,
  periodRange,
  type BillAction,
  type BillBasis,
} from '../../src/lib/bills';
import { dayOf } from '../../src/lib/dates';
import { FINANCING_STATUS } from '../../src/lib/financing';
import { INVOICE_TYPE_DICT } from '../../src/lib/certificates';
import { fenToYuan, toFen } from '../../src/lib/money';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { INSTANCE_STATUS, TASK_OUTCOME } from '../../src/workflows/states';
import type { AppContext } from '../context';
import {
  billInvoices,
  billLines,
  bills,
  corpBankAccounts,
  corporations,
  creditNoteApplications,
  creditNotes,
  financingApplications,
  groupUnits,
  pricePolicies,
  products,
  sysDictData,
} from '../db/schema';
import type { Tx } from '../db/tx';
import { aboutField, businessError, notFoundError, protocolError, validationError } from '../errors';
import { translate } from '../i18n';
import { recordChange, type Writer } from '../operation-log/record';
import type { Principal } from '../security/sessions';
import { sensitiveCipherOf } from '../sensitive/values';
import type { InstanceEndEvent, OwnedProcess, TransitionEvent } from '../workflow/engine';
import type { InvoiceBody, PayBody, SubmitBody } from './input';

export type BillRow = typeof bills.$inferSelect;
export type InvoiceRow = typeof billInvoices.$inferSelect;
type PolicyRow = typeof pricePolicies.$inferSelect & { prdCode: string };

export const BILL_RESOURCE = 'bills';
export const BILL_INVOICE_RESOURCE = 'bill-invoices';
/** status '0' is 正常 in sys_normal_disable. */
const ENABLED = '0';

const refuse = (name: string, key: string, params: Record<string, string> = {}) => aboutField(validationError(translate(`bills:server.${key}`, params)), name);
const required = (name: string) => aboutField(validationError(translate('server:crud.required', { field: translate(`bills:fields.${name}`) })), name);

/** One line before it is stored: a basis priced by one policy. */
export interface ComputedLine {
  basis: BillBasis;
  policy: PolicyRow;
  basisFen: bigint;
  itemCount: number;
}

/** What a corporation's bill for a period is made of. */
export interface ComputedBill {
  corpId: string;
  corpName: string;
  issuedFen: bigint;
  financedFen: bigint;
  unpricedFen: bigint;
  lines: ComputedLine[];
}

const fen = (value: string | null) => toFen(value ?? '0') ?? 0n;

const instances = new WeakMap<AppContext, BillService>();

/** The app's one BillService: its end listeners must be registered once, or an approval would apply twice. */
export function billServiceOf(ctx: AppContext): BillService {
  const known = instances.get(ctx);
  if (known) return known;
  const made = new BillService(ctx);
  instances.set(ctx, made);
  return made;
}

export class BillService {
  private readonly process: OwnedProcess;

  constructor(private readonly ctx: AppContext) {
    this.process = ctx.workflow.own(BILL_PROCESS_KEY, 'bills');
    ctx.workflow.onTransition(BILL_PROCESS_KEY, (event, tx) => this.moved(event, tx));
    ctx.workflow.onInstanceEnd(BILL_PROCESS_KEY, (event, tx) => this.ended(event, tx));
  }

  today(): string {
    return dayOf(this.ctx.now());
  }

  /**
   * The bills a period would have, from the database as it is: the issued notes of each core
   * enterprise's group and the financings signed with it, each grouped by the policy that prices it.
   */
  async compute(tx: Tx, period: string): Promise<ComputedBill[]> {
    const { from, to } = periodRange(period);
    const tenor = sql<number>`(${creditNotes.dueDate} - ${creditNotes.issueDate})`;
    // Issued: root notes (a split moves an amount, it issues none) by their issue date, priced by the band of their tenor.
    const issued = await tx
      .select({
        corpId: corporations.id,
        corpName: corporations.corpName,
        policyId: pricePolicies.id,
        basis: sql<string>`sum(${creditNotes.amount})::text`,
        items: sql<number>`count(*)::int`,
      })
      .from(creditNotes)
      .innerJoin(groupUnits, eq(groupUnits.id, creditNotes.groupId))
      .innerJoin(corporations, eq(corporations.id, groupUnits.corpId))
      .leftJoin(creditNoteApplications, eq(creditNoteApplications.id, creditNotes.applicationId))
      .leftJoin(products, eq(products.id, creditNoteApplications.productId))
      .leftJoin(
        pricePolicies,
        and(
          eq(pricePolicies.productId, products.id),
          eq(pricePolicies.coreCorpId, corporations.id),
          sql`${tenor} BETWEEN ${pricePolicies.tenorFromDays} AND ${pricePolicies.tenorToDays}`,
        ),
      )
      .where(and(isNull(creditNotes.parentId), gte(creditNotes.issueDate, from), lt(creditNotes.issueDate, to)))
      .groupBy(corporations.id, corporations.corpName, pricePolicies.id);
    // Financed: signed financings by their signing day (local time, as dayOf), per core enterprise and product.
    const financed = await tx
      .select({
        corpId: corporations.id,
        corpName: corporations.corpName,
        prdCode: financingApplications.prdCode,
        basis: sql<string>`sum(${financingApplications.amount})::text`,
        items: sql<number>`count(*)::int`,
      })
      .from(financingApplications)
      .innerJoin(corporations, eq(corporations.id, financingApplications.coreCorpId))
      .where(
        and(
          eq(financingApplications.status, FINANCING_STATUS.signed),
          isNotNull(financingApplications.amount),
          gte(financingApplications.signedAt, localMidnight(from)),
          lt(financingApplications.signedAt, localMidnight(to)),
        ),
      )
      .groupBy(corporations.id, corporations.corpName, financingApplications.prdCode);
    // A policy names its product by id; a bill line keeps the product's code as billed.
    const policies = (
      await tx
        .select({ policy: pricePolicies, prdCode: products.prdCode })
        .from(pricePolicies)
        .leftJoin(products, eq(products.id, pricePolicies.productId))
        .orderBy(asc(pricePolicies.tenorFromDays), asc(pricePolicies.id))
    ).map(({ policy, prdCode }): PolicyRow => ({ ...policy, prdCode: prdCode ?? '' }));
    const byId = new Map(policies.map((p) => [p.id, p]));

    const bills = new Map<string, ComputedBill>();
    const billOf = (corpId: string, corpName: string) => {
      let bill = bills.get(corpId);
      if (!bill) bills.set(corpId, (bill = { corpId, corpName, issuedFen: 0n, financedFen: 0n, unpricedFen: 0n, lines: [] }));
      return bill;
    };
    const add = (bill: ComputedBill, basis: BillBasis, policy: PolicyRow | undefined, amount: bigint, items: number) => {
      if (basis === BILL_BASIS.issued) bill.issuedFen += amount;
      else bill.financedFen += amount;
      if (!policy) {
        bill.unpricedFen += amount;
        return;
      }
      const line = bill.lines.find((l) => l.basis === basis && l.policy.id === policy.id);
      if (line) {
        line.basisFen += amount;
        line.itemCount += items;
      } else bill.lines.push({ basis, policy, basisFen: amount, itemCount: items });
    };
    for (const row of issued)
      add(billOf(row.corpId, row.corpName), BILL_BASIS.issued, row.policyId ? byId.get(row.policyId) : undefined, fen(row.basis), row.items);
    for (const row of financed) {
      // A financing carries no tenor: the product's first band (the policies are in tenor order) prices it.
      const policy = policies.find((p) => p.prdCode === row.prdCode && p.coreCorpId === row.corpId);
      add(billOf(row.corpId, row.corpName), BILL_BASIS.financed, policy, fen(row.basis), row.items);
    }
    return [...bills.values()]
      .filter((b) => b.issuedFen + b.financedFen > 0n)
      .map((b) => ({ ...b, lines: b.lines.sort((x, y) => x.basis.localeCompare(y.basis) || x.policy.tenorFromDays - y.policy.tenorFromDays) }))
      .sort((a, b) => a.corpName.localeCompare(b.corpName));
  }

  /**
   * Generates the period's bills: one per corporation with something to bill that has none yet
   * (a bill once made is never recomputed behind its reviewer's back). Answers what was made and
   * how many already existed.
   */
  generate(principal: Writer, period: string) {
    return this.ctx.db.transaction(async (tx) => {
      // A month is billed once it has ended: a bill is never recomputed, so a running month would miss its rest.
      if (period >= this.today().slice(0, 7)) throw refuse('period', 'periodFuture');
      const computed = await this.compute(tx, period);
      const created: BillRow[] = [];
      for (const bill of computed) {
        const [{ seq }] = await tx.select({ seq: sql<string>`nextval('bill_no_seq')::text` }).from(sql`(select 1) as one`);
        const lines = bill.lines.map((l) => ({ ...l, feeFen: lineFeeFen(l.basisFen, l.policy.serviceFeeRate) }));
        const [row] = await tx
          .insert(bills)
          .values({
            billNo: billNumber(period, Number(seq)),
            corpId: bill.corpId,
            corpName: bill.corpName,
            period,
            issuedAmount: fenToYuan(bill.issuedFen),
            financedAmount: fenToYuan(bill.financedFen),
            unpricedAmount: fenToYuan(bill.unpricedFen),
            feeAmount: billFee(lines.map((l) => ({ feeAmount: fenToYuan(l.feeFen) }))),
            status: BILL_STATUS.draft,
            createBy: principal.username,
            updateBy: principal.username,
          })
          // The other generation of this period got there first: its bill stands.
          .onConflictDoNothing({ target: [bills.corpId, bills.period] })
          .returning();
        if (!row) continue;
        if (lines.length) {
          await tx.insert(billLines).values(
            lines.map((l) => ({
              billId: row.id,
              basis: l.basis,
              policyId: l.policy.id,
              policyName: l.policy.policyName,
              prdCode: l.policy.prdCode,
              tenorFromDays: l.policy.tenorFromDays,
              tenorToDays: l.policy.tenorToDays,
              rate: l.policy.serviceFeeRate,
              basisAmount: fenToYuan(l.basisFen),
              itemCount: l.itemCount,
              feeAmount: fenToYuan(l.feeFen),
            })),
          );
        }
        await recordChange(tx, principal, { resource: BILL_RESOURCE, recordId: row.id, action: OPERATION_ACTION.create, after: row });
        created.push(row);
      }
      return { period, created, skipped: computed.length - created.length };
    });
  }

  /** The bill under its row lock, at the version the caller read. */
  private async lock(tx: Tx, id: string, version?: number): Promise<BillRow> {
    const [bill] = await tx.select().from(bills).where(eq(bills.id, id)).for('update');
    if (!bill) throw notFoundError(translate('bills:server.billNotFound'));
    if (version !== undefined && bill.dataVersion !== version) throw protocolError('DATA_VERSION_CONFLICT');
    return bill;
  }

  private refuseMove(bill: BillRow, action: BillAction): never {
    throw businessError('BILL_STATUS_REFUSED', 'bills:server.statusRefused', {
      billNo: bill.billNo,
      status: translate(`bills:status.${bill.status}`),
      action: translate(`bills:action.${action}`),
    });
  }

  private async move(tx: Tx, bill: BillRow, action: BillAction, who: string, changes: Partial<BillRow> = {}): Promise<BillRow> {
    const status = nextBillStatus(bill.status, action);
    if (!status) this.refuseMove(bill, action);
    const [saved] = await tx
      .update(bills)
      .set({ ...changes, status, dataVersion: bill.dataVersion + 1, updateTime: new Date(), updateBy: who })
      .where(and(eq(bills.id, bill.id), eq(bills.dataVersion, bill.dataVersion)))
      .returning();
    if (!saved) throw protocolError('DATA_VERSION_CONFLICT');
    return saved;
  }

  /** Submits a draft: starting Process_BILL_MANAGE submits it (the engine passes its modifyStatus step); the director reviews next. */
  submit(principal: Principal, { id, dataVersion, remark }: SubmitBody) {
    return this.ctx.db.transaction(async (tx) => {
      const bill = await this.lock(tx, id, dataVersion);
      if (!nextBillStatus(bill.status, 'submit')) this.refuseMove(bill, 'submit');
      // The start is the submission: its modifyStatus step passes with the remark, the director's is open.
      const submitted = await this.process.start(principal, { businessKey: bill.id, businessType: BILL_BUSINESS_TYPE, record: bill, remark }, tx);
      const started = submitted;
      const saved = await this.move(tx, bill, 'submit', principal.username, { instanceId: started.instance.id, rejectRemark: null });
      await recordChange(tx, principal, { resource: BILL_RESOURCE, recordId: bill.id, action: OPERATION_ACTION.update, before: bill, after: saved });
      return { bill: saved, instanceId: started.instance.id, taskId: submitted.task?.id ?? null };
    });
  }

  /** A director's reject sends it back to the handler: the reason is kept on the bill, its status waits for the end. */
  private async moved(event: TransitionEvent, tx: Tx): Promise<void> {
    if (event.outcome !== TASK_OUTCOME.REJECT || event.to === null) return;
    await tx
      .update(bills)
      .set({ rejectRemark: event.remark ?? '' })
      .where(and(eq(bills.id, event.instance.businessKey), eq(bills.instanceId, event.instance.id)));
  }

  /** The instance's end: approved confirms the bill; rejected (withdrawn by its handler) returns it to draft. */
  private async ended(event: InstanceEndEvent, tx: Tx): Promise<void> {
    const [bill] = await tx.select().from(bills).where(eq(bills.id, event.instance.businessKey)).for('update');
    if (!bill || bill.instanceId !== event.instance.id || bill.status !== BILL_STATUS.reviewing) return;
    const approved = event.status === INSTANCE_STATUS.APPROVED;
    const saved = await this.move(tx, bill, approved ? 'approve' : 'reject', event.actor.username);
    await recordChange(tx, event.actor, { resource: BILL_RESOURCE, recordId: bill.id, action: OPERATION_ACTION.update, before: bill, after: saved });
  }

  /** Registers the payment of a confirmed bill. */
  pay(principal: Writer, body: PayBody) {
    return this.ctx.db.transaction(async (tx) => {
      const bill = await this.lock(tx, body.id, body.dataVersion);
      const paidDate = body.paidDate ?? this.today();
      if (paidDate > this.today()) throw refuse('paidDate', 'paidFuture');
      const saved = await this.move(tx, bill, 'pay', principal.username, { paidDate, paidRemark: body.remark ?? null });
      await recordChange(tx, principal, { resource: BILL_RESOURCE, recordId: bill.id, action: OPERATION_ACTION.update, before: bill, after: saved });
      return saved;
    });
  }

  /** What the invoice form starts from: the corporation's tax id, address and bank accounts (numbers masked). */
  async invoiceDefaults(id: string) {
    const [bill] = await this.ctx.db.select().from(bills).where(eq(bills.id, id));
    if (!bill) throw notFoundError(translate('bills:server.billNotFound'));
    const [corp] = await this.ctx.db.select().from(corporations).where(eq(corporations.id, bill.corpId));
    const accounts = await this.ctx.db
      .select()
      .from(corpBankAccounts)
      .where(eq(corpBankAccounts.corpId, bill.corpId))
      .orderBy(asc(corpBankAccounts.createTime));
    const cipher = await sensitiveCipherOf(this.ctx.db);
    return {
      title: corp?.corpName ?? bill.corpName,
      taxId: corp?.creditCode ?? '',
      address: corp?.registeredAddress ?? '',
      accounts: accounts.map((a) => ({
        id: a.id,
        bankName: a.bankName,
        branchName: a.branchName,
        accountName: a.accountName,
        accountNoMasked: maskAccount(cipher.open(a.accountNo)),
      })),
      amount: bill.feeAmount,
    };
  }

  /**
   * Invoices a paid bill: an invoice type shown by list_invoice_type_dict, the buyer's title, tax id
   * and address from the corporation record (as edited on the form), one of its bank accounts.
   * A second invoice is refused by the status and, should two race, by bill_invoices.bill_id's key.
   */
  invoice(principal: Writer, body: InvoiceBody) {
    return this.ctx.db.transaction(async (tx) => {
      const bill = await this.lock(tx, body.id, body.dataVersion);
      if (bill.status === BILL_STATUS.invoiced) throw businessError('BILL_ALREADY_INVOICED', 'bills:server.alreadyInvoiced', { billNo: bill.billNo });
      if (bill.status !== BILL_STATUS.paid)
        throw businessError('BILL_NOT_PAID', 'bills:server.notPaid', { billNo: bill.billNo, status: translate(`bills:status.${bill.status}`) });
      const invoiceType = await shownInvoiceType(tx, body.invoiceType);
      const [corp] = await tx.select().from(corporations).where(eq(corporations.id, bill.corpId));
      if (!corp) throw notFoundError(translate('bills:server.corpNotFound'));
      const title = body.title ?? corp.corpName;
      const taxId = body.taxId ?? corp.creditCode;
      const address = body.address ?? corp.registeredAddress ?? '';
      if (!/^[0-9A-Z]{15,20}$/.test(taxId)) throw refuse('taxId', 'taxIdInvalid');
      if (!address) throw required('address');
      const accountId = body.bankAccountId;
      const [account] = await tx
        .select()
        .from(corpBankAccounts)
        .where(and(eq(corpBankAccounts.id, accountId), eq(corpBankAccounts.corpId, corp.id)));
      if (!account) throw refuse('bankAccountId', 'accountNotCorps', { corpName: corp.corpName });
      const [{ seq }] = await tx.select({ seq: sql<string>`nextval('bill_invoice_no_seq')::text` }).from(sql`(select 1) as one`);
      const today = this.today();
      const [invoice] = await tx
        .insert(billInvoices)
        .values({
          billId: bill.id,
          invoiceNo: invoiceNumber(today, Number(seq)),
          invoiceType,
          title,
          taxId,
          address,
          bankName: [account.bankName, account.branchName].filter(Boolean).join(' '),
          // Still sealed: the invoice keeps the account as the corporation's record keeps it.
          accountNo: account.accountNo,
          amount: bill.feeAmount,
          invoiceDate: today,
          remark: body.remark ?? null,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .onConflictDoNothing({ target: billInvoices.billId })
        .returning();
      if (!invoice) throw businessError('BILL_ALREADY_INVOICED', 'bills:server.alreadyInvoiced', { billNo: bill.billNo });
      const saved = await this.move(tx, bill, 'invoice', principal.username);
      await recordChange(tx, principal, {
        resource: BILL_INVOICE_RESOURCE,
        recordId: invoice.id,
        action: OPERATION_ACTION.create,
        after: invoice,
        sensitive: ['accountNo'],
      });
      await recordChange(tx, principal, { resource: BILL_RESOURCE, recordId: bill.id, action: OPERATION_ACTION.update, before: bill, after: saved });
      return { bill: saved, invoice: await invoiceView(this.ctx, invoice) };
    });
  }
}

/** Local midnight of a calendar day, the bound dayOf's days have. */
function localMidnight(day: string): Date {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(y, m - 1, d);
}

export function maskAccount(accountNo: string): string {
  return accountNo.length <= 4 ? accountNo : `**** **** ${accountNo.slice(-4)}`;
}

/** An invoice as answered: the account number masked, never in the clear. */
export async function invoiceView(ctx: AppContext, invoice: InvoiceRow) {
  const cipher = await sensitiveCipherOf(ctx.db);
  return { ...invoice, accountNo: maskAccount(cipher.open(invoice.accountNo)) };
}

/** An invoice type the form may offer: a code of invoice_type that is shown (isShow) and enabled. */
async function shownInvoiceType(tx: Tx, value: string): Promise<string> {
  const [item] = await tx
    .select({ isShow: sysDictData.isShow, status: sysDictData.status })
    .from(sysDictData)
    .where(and(eq(sysDictData.dictType, INVOICE_TYPE_DICT), eq(sysDictData.dictValue, value)));
  if (!item || !item.isShow || item.status !== ENABLED) throw refuse('invoiceType', 'invoiceTypeUnavailable', { value });
  return value;
}

/**
 * Central-registry registrations (中登登记) under /op/v1/zd-registrations. Every act (register, amend,
 * extend, cancel) is put to the registry (server/zd-registry) inside the transaction that records it:
 * a refusal comes back with the registry's reason and nothing is stored; an acceptance stores the
 * registration, a history row with before and after, and the certificate the registry drew (written
 * to the file service once the transaction commits). The registration row is locked and its
 * dataVersion checked for a change, and the subject's notes are locked for a new registration, so
 * two clerks acting at once cannot both win.
 */
import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  expiringSoon,
  expiryOf,
  EXPIRY_WARNING_DAYS,
  PACKAGE_STATUS,
  REGISTRATION_ACTION,
  REGISTRATION_STATUS,
  REGISTRATION_SUBJECT,
  ZD_API,
  type RegistrationAction,
} from '../../src/lib/abs';
import { NOTE_STATUS } from '../../src/lib/credit-notes';
import { fenToYuan, formatCurrency, toFen } from '../../src/lib/money';
import { PERMISSIONS } from '../../src/features/abs/permissions';
import type { AppContext } from '../context';
import { escapeLike, pagingOf } from '../crud/query';
import { absPackageNotes, absPackages, corporations, creditNotes, users, zdRegistrationHistory, zdRegistrationNotes, zdRegistrations } from '../db/schema';
import type { Tx } from '../db/tx';
import { aboutField, businessError, notFoundError, validationError } from '../errors';
import { translate } from '../i18n';
import { actorOf, recordChange, recordOperation } from '../operation-log/record';
import { OPERATION_ACTION } from '../../src/resources/operation-log';
import { sessionPost } from '../routes/route';
import type { Principal } from '../security/sessions';
import type { z } from 'zod';
import { standInRegistry } from '../zd-registry';
import type { CentralRegistry, RegistryAnswer, RegistryFiling, RegistryRecord } from '../zd-registry';
import { amendBody, cancelBody, extendBody, idBody, registerBody, registrationsPageBody, subjectsBody } from './input';
import { addDays, dayOf, daysBetween } from '../../src/lib/dates';

type RegistrationRow = typeof zdRegistrations.$inferSelect;
/** How the server reaches the registry; the stand-in reads the platform's copy through the caller's transaction. */
export type RegistryConnector = (db: AppContext['db'] | Tx) => CentralRegistry;

const RESOURCE = 'zd-registrations';
const CLOSED_NOTE_STATUSES: readonly string[] = [NOTE_STATUS.split, NOTE_STATUS.redeemed];

export function zdRegistrationRoutes(api: FastifyInstance, ctx: AppContext, connect: RegistryConnector = standInRegistry): void {
  const { zdRegistration } = PERMISSIONS;
  // Each call's body is its schema's (./input.ts): the handler gets it parsed and typed.
  const post = sessionPost(api, ZD_API);

  const notesOf = (db: AppContext['db'] | Tx, registrationId: string) =>
    db
      .select({
        id: creditNotes.id,
        noteNo: creditNotes.noteNo,
        amount: creditNotes.amount,
        dueDate: creditNotes.dueDate,
        status: creditNotes.status,
        holderName: creditNotes.holderName,
        issuerName: creditNotes.issuerName,
      })
      .from(zdRegistrationNotes)
      .innerJoin(creditNotes, eq(creditNotes.id, zdRegistrationNotes.noteId))
      .where(eq(zdRegistrationNotes.registrationId, registrationId))
      .orderBy(asc(creditNotes.noteNo));
  const findRegistration = async (db: AppContext['db'] | Tx, id: string, lock = false) => {
    const query = db.select().from(zdRegistrations).where(eq(zdRegistrations.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row) throw aboutField(notFoundError(translate('abs:server.registrationNotFound')), 'id');
    return row;
  };
  const flagged = (row: RegistrationRow, today: string) => ({
    ...row,
    daysLeft: daysBetween(today, row.expireDate),
    expiringSoon: expiringSoon(row.expireDate, row.status, today),
  });
  const party = async (db: AppContext['db'] | Tx, field: string, id: string) => {
    const [row] = await db.select({ id: corporations.id, name: corporations.corpName }).from(corporations).where(eq(corporations.id, id));
    if (!row) throw aboutField(notFoundError(translate('abs:server.partyNotFound', { field: translate(`abs:fields.${field}`) })), field);
    return row;
  };
  const filingOf = async (db: AppContext['db'] | Tx, row: RegistrationRow): Promise<RegistryRecord> => {
    const notes = await notesOf(db, row.id);
    const [pkg] = row.packageId ? await db.select({ packageNo: absPackages.packageNo }).from(absPackages).where(eq(absPackages.id, row.packageId)) : [];
    return {
      registrationNo: row.registrationNo,
      status: row.status as RegistryRecord['status'],
      registrationType: row.registrationType as RegistryFiling['registrationType'],
      transferor: { id: row.transferorId, name: row.transferorName },
      transferee: { id: row.transfereeId, name: row.transfereeName },
      subject: { kind: row.subjectKind as 'NOTES' | 'PACKAGE', packageNo: pkg?.packageNo, noteNos: notes.map((n) => n.noteNo) },
      amount: row.amount,
      periodYears: row.periodYears,
      startDate: row.startDate,
      expireDate: row.expireDate,
      description: row.description,
    };
  };
  const accepted = (answer: RegistryAnswer): Extract<RegistryAnswer, { accepted: true }> => {
    if (!answer.accepted) throw businessError('REGISTRY_REFUSED', 'abs:server.registryRefused', { reason: answer.reason });
    return answer;
  };
  const certificateName = (no: string, action: RegistrationAction) => `登记证明-${no}-${translate(`abs:actions.${action}`)}.pdf`;
  /** After the commit: the certificate goes to the file service under the id the rows already name. */
  const storeCertificate = async (fileId: string, answer: Extract<RegistryAnswer, { accepted: true }>, action: RegistrationAction, principal: Principal) => {
    await ctx.files.save(
      {
        id: fileId,
        content: answer.certificate,
        originalName: certificateName(answer.registrationNo, action),
        mimeType: 'application/pdf',
        uploaderId: principal.userId,
      },
      (tx, saved) => recordChange(tx, principal, { resource: 'files', recordId: saved.id, action: OPERATION_ACTION.create, after: saved }),
    );
  };
  const historyRow = (
    registrationId: string,
    action: RegistrationAction,
    before: Record<string, unknown> | null,
    after: Record<string, unknown>,
    answer: { receiptNo: string },
    fileId: string,
    principal: Principal,
    remark?: string,
  ) => ({
    registrationId,
    action,
    before,
    after,
    receiptNo: answer.receiptNo,
    certificateFileId: fileId,
    remark: remark ?? null,
    createBy: principal.username,
  });
  const snapshot = (row: RegistrationRow) => ({
    registrationType: row.registrationType,
    transferorName: row.transferorName,
    transfereeName: row.transfereeName,
    amount: row.amount,
    periodYears: row.periodYears,
    startDate: row.startDate,
    expireDate: row.expireDate,
    description: row.description,
    status: row.status,
  });

  post('page', zdRegistration.list, registrationsPageBody, async (body) => {
    const { pageNum, pageSize } = pagingOf(body);
    const today = dayOf(ctx.now());
    const conditions: SQL[] = [];
    const { registrationType: type, status, partyName, registrationNo } = body;
    if (type) conditions.push(eq(zdRegistrations.registrationType, type));
    if (status) conditions.push(eq(zdRegistrations.status, status));
    if (partyName)
      conditions.push(
        or(ilike(zdRegistrations.transferorName, `%${escapeLike(partyName)}%`), ilike(zdRegistrations.transfereeName, `%${escapeLike(partyName)}%`))!,
      );
    if (registrationNo) conditions.push(ilike(zdRegistrations.registrationNo, `%${escapeLike(registrationNo)}%`));
    if (body.expiringOnly) {
      conditions.push(
        eq(zdRegistrations.status, REGISTRATION_STATUS.registered),
        gte(zdRegistrations.expireDate, today),
        lte(zdRegistrations.expireDate, addDays(today, EXPIRY_WARNING_DAYS)),
      );
    }
    const where = conditions.length ? and(...conditions) : undefined;
    const [{ total }] = await ctx.db.select({ total: count() }).from(zdRegistrations).where(where);
    const rows = await ctx.db
      .select()
      .from(zdRegistrations)
      .where(where)
      .orderBy(desc(zdRegistrations.createTime), asc(zdRegistrations.id))
      .limit(pageSize)
      .offset((pageNum - 1) * pageSize);
    return { records: rows.map((r) => flagged(r, today)), total, pageNum, pageSize };
  });

  post('find-by-id', zdRegistration.query, idBody, async (body) => {
    const row = await findRegistration(ctx.db, body.id);
    const [notes, history] = await Promise.all([
      notesOf(ctx.db, row.id),
      ctx.db.select().from(zdRegistrationHistory).where(eq(zdRegistrationHistory.registrationId, row.id)).orderBy(asc(zdRegistrationHistory.id)),
    ]);
    const [pkg] = row.packageId
      ? await ctx.db
          .select({ packageNo: absPackages.packageNo, packageName: absPackages.packageName })
          .from(absPackages)
          .where(eq(absPackages.id, row.packageId))
      : [];
    // Who acted, by the name people know them by (the row keeps the username, which stays unique).
    const usernames = [...new Set(history.map((h) => h.createBy).filter((u): u is string => !!u))];
    const people = usernames.length
      ? await ctx.db.select({ username: users.username, personName: users.personName }).from(users).where(inArray(users.username, usernames))
      : [];
    const nameOf = (username: string | null) => people.find((p) => p.username === username)?.personName ?? username;
    return {
      ...flagged(row, dayOf(ctx.now())),
      notes,
      history: history.map((h) => ({ ...h, id: String(h.id), createByName: nameOf(h.createBy) })),
      package: pkg ?? null,
    };
  });

  /** Financed or issued notes and locked packages a registration may cover (the register form's choices). */
  post('subjects', zdRegistration.add, subjectsBody, async (body) => {
    const { noteNo } = body;
    const notes = await ctx.db
      .select({
        id: creditNotes.id,
        noteNo: creditNotes.noteNo,
        amount: creditNotes.amount,
        holderName: creditNotes.holderName,
        holderCorpId: creditNotes.holderCorpId,
        status: creditNotes.status,
      })
      .from(creditNotes)
      .where(
        and(inArray(creditNotes.status, [NOTE_STATUS.issued, NOTE_STATUS.financed]), noteNo ? ilike(creditNotes.noteNo, `%${escapeLike(noteNo)}%`) : undefined),
      )
      .orderBy(asc(creditNotes.noteNo))
      .limit(50);
    const packages = await ctx.db
      .select({ id: absPackages.id, packageNo: absPackages.packageNo, packageName: absPackages.packageName, status: absPackages.status })
      .from(absPackages)
      .where(inArray(absPackages.status, [PACKAGE_STATUS.locked, PACKAGE_STATUS.issued]))
      .orderBy(asc(absPackages.packageNo));
    const parties = await ctx.db.select({ id: corporations.id, name: corporations.corpName }).from(corporations).orderBy(asc(corporations.corpName));
    return { notes, packages, parties };
  });

  post('register', zdRegistration.add, registerBody, async (body, principal, request) => {
    const { registrationType, transferorId, transfereeId, subjectKind, periodYears, description } = body;
    // Stored as its two-decimal string, as the registry's record reads it.
    const amount = fenToYuan(toFen(body.amount)!);
    // Which of the two the subject needs is a rule on subjectKind: a missing one is refused as the schema refuses a missing field.
    const missing = (field: 'packageId' | 'noteIds') =>
      aboutField(validationError(translate('server:crud.required', { field: translate(`abs:fields.${field}`) })), field);
    const packageId = subjectKind === REGISTRATION_SUBJECT.package ? (body.packageId ?? null) : null;
    if (subjectKind === REGISTRATION_SUBJECT.package && !packageId) throw missing('packageId');
    const pickedNotes = subjectKind === REGISTRATION_SUBJECT.notes ? (body.noteIds ?? []) : [];
    if (subjectKind === REGISTRATION_SUBJECT.notes && pickedNotes.length === 0) throw missing('noteIds');
    const startDate = dayOf(ctx.now());
    const fileId = randomUUID();
    const { row, answer } = await ctx.db.transaction(async (tx) => {
      const transferor = await party(tx, 'transferorId', transferorId);
      const transferee = await party(tx, 'transfereeId', transfereeId);
      let pkg: { id: string; packageNo: string; status: string } | undefined;
      let noteIds = pickedNotes;
      if (packageId) {
        [pkg] = await tx
          .select({ id: absPackages.id, packageNo: absPackages.packageNo, status: absPackages.status })
          .from(absPackages)
          .where(eq(absPackages.id, packageId))
          .for('share');
        if (!pkg) throw aboutField(notFoundError(translate('abs:server.packageNotFound')), 'packageId');
        if (pkg.status === PACKAGE_STATUS.building) throw aboutField(businessError('PACKAGE_NOT_LOCKED', 'abs:server.registerNeedsLock'), 'packageId');
        noteIds = (await tx.select({ id: absPackageNotes.noteId }).from(absPackageNotes).where(eq(absPackageNotes.packageId, packageId))).map((r) => r.id);
      }
      // The subject's notes are locked: a second registration over them waits and then meets the first.
      const notes = noteIds.length
        ? await tx.select().from(creditNotes).where(inArray(creditNotes.id, noteIds)).orderBy(asc(creditNotes.noteNo)).for('update')
        : [];
      if (notes.length !== noteIds.length || notes.length === 0)
        throw aboutField(notFoundError(translate('abs:server.noteNotFound')), packageId ? 'packageId' : 'noteIds');
      const closed = notes.find((n) => CLOSED_NOTE_STATUSES.includes(n.status));
      if (closed) throw aboutField(businessError('NOTE_CLOSED', 'abs:server.noteClosed', { noteNo: closed.noteNo }), 'noteIds');
      const subjectFen = notes.reduce((s, n) => s + (toFen(n.amount) ?? 0n), 0n);
      if ((toFen(amount) ?? 0n) > subjectFen)
        throw aboutField(validationError(translate('abs:server.amountOverSubject', { total: formatCurrency(fenToYuan(subjectFen)) })), 'amount');
      const expireDate = expiryOf(startDate, periodYears);
      const filing: RegistryFiling = {
        registrationType,
        transferor,
        transferee,
        amount,
        periodYears,
        startDate,
        expireDate,
        description,
        subject: { kind: subjectKind, packageNo: pkg?.packageNo, noteNos: notes.map((n) => n.noteNo) },
      };
      const answer = accepted(await connect(tx).register(filing));
      const [row] = await tx
        .insert(zdRegistrations)
        .values({
          registrationNo: answer.registrationNo,
          registrationType,
          transferorId,
          transferorName: transferor.name,
          transfereeId,
          transfereeName: transferee.name,
          subjectKind,
          packageId,
          amount,
          periodYears,
          startDate,
          expireDate,
          description,
          certificateFileId: fileId,
          createBy: principal.username,
          updateBy: principal.username,
        })
        .returning();
      await tx.insert(zdRegistrationNotes).values(notes.map((n) => ({ registrationId: row.id, noteId: n.id })));
      await tx.insert(zdRegistrationHistory).values(historyRow(row.id, REGISTRATION_ACTION.register, null, snapshot(row), answer, fileId, principal));
      await recordOperation(tx, actorOf(request, principal), {
        resource: RESOURCE,
        recordId: row.id,
        action: REGISTRATION_ACTION.register,
        after: snapshot(row),
      });
      return { row, answer };
    });
    await storeCertificate(fileId, answer, REGISTRATION_ACTION.register, principal);
    return row;
  });

  /** amend, extend, cancel: the registry's answer decides; the row, its history and the log change together. */
  const act = <B extends { id: string; dataVersion: number }>(
    action: Exclude<RegistrationAction, 'REGISTER'>,
    schema: z.ZodType<B>,
    change: (row: RegistrationRow, body: B, tx: Tx) => Promise<{ answer: RegistryAnswer; set: Partial<RegistrationRow>; remark?: string }>,
  ) =>
    post(action.toLowerCase(), zdRegistration.edit, schema, async (body, principal, request) => {
      const { id, dataVersion } = body;
      const fileId = randomUUID();
      const { row, answer } = await ctx.db.transaction(async (tx) => {
        const current = await findRegistration(tx, id, true);
        if (current.dataVersion !== dataVersion) throw businessError('REGISTRATION_CHANGED', 'abs:server.registrationChanged');
        const { answer: raw, set, remark } = await change(current, body, tx);
        const answer = accepted(raw);
        const [row] = await tx
          .update(zdRegistrations)
          .set({ ...set, certificateFileId: fileId, dataVersion: current.dataVersion + 1, updateBy: principal.username, updateTime: new Date() })
          .where(eq(zdRegistrations.id, id))
          .returning();
        await tx.insert(zdRegistrationHistory).values(historyRow(id, action, snapshot(current), snapshot(row), answer, fileId, principal, remark));
        await recordOperation(tx, actorOf(request, principal), { resource: RESOURCE, recordId: id, action, before: snapshot(current), after: snapshot(row) });
        return { row, answer };
      });
      await storeCertificate(fileId, answer, action, principal);
      return row;
    });

  act(REGISTRATION_ACTION.amend, amendBody, async (current, body, tx) => {
    const { transfereeId } = body;
    const transferee = transfereeId ? await party(tx, 'transfereeId', transfereeId) : { id: current.transfereeId, name: current.transfereeName };
    const amount = body.amount === undefined ? current.amount : fenToYuan(toFen(body.amount)!);
    const description = body.description ?? current.description;
    const record = await filingOf(tx, current);
    const subjectFen = (await notesOf(tx, current.id)).reduce((s, n) => s + (toFen(n.amount) ?? 0n), 0n);
    if ((toFen(amount) ?? 0n) > subjectFen)
      throw aboutField(validationError(translate('abs:server.amountOverSubject', { total: formatCurrency(fenToYuan(subjectFen)) })), 'amount');
    if (transferee.id === current.transfereeId && toFen(amount) === toFen(current.amount) && description === current.description)
      throw validationError(translate('abs:server.nothingChanged'));
    const answer = await connect(tx).amend(record, { ...record, transferee, amount, description });
    return { answer, set: { transfereeId: transferee.id, transfereeName: transferee.name, amount, description } };
  });

  act(REGISTRATION_ACTION.extend, extendBody, async (current, body, tx) => {
    const { periodYears } = body;
    const expireDate = expiryOf(current.startDate, periodYears);
    const answer = await connect(tx).extend(await filingOf(tx, current), periodYears, expireDate);
    return { answer, set: { periodYears, expireDate } };
  });

  act(REGISTRATION_ACTION.cancel, cancelBody, async (current, body, tx) => {
    const { reason } = body;
    const answer = await connect(tx).cancel(await filingOf(tx, current), reason);
    return { answer, set: { status: REGISTRATION_STATUS.cancelled }, remark: reason };
  });
}

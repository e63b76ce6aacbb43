/**
 * An entry a person can read (issue 38 item 2): an operation-log entry names what its ids and codes
 * stand for. A role's edit answers its menus and buttons by the titles of the role form's tree, in the
 * reader's language, the codes nowhere among them; a demo bill's instanceId answers its record's
 * number; and no id field any logged entry holds is left without a way to name it.
 */
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { corporations, creditNotes, groupUnits, operationLogs, quotaAccounts, users, workflowInstances } from '../../server/db/schema';
import { PLATFORM_GRANTOR } from '../../src/lib/quotas';
import { bankAccountResource } from '../../src/features/corporations/resources';
import { hotlineCallResource } from '../../src/features/hotline/resources';
import { namesField, VALUES_NOT_IDS, withEntryNames, type EntryNames } from '../../server/operation-log/names';
import { referenceFieldsOf } from '../../server/crud/references';
import { findResource } from '../../server/resources/registry';
import { isLoggedField, namedBySibling } from '../../src/features/operation-log/labels';
import { operationLogResource } from '../../src/resources/operation-log';
import { ROLE_CALLS } from '../../src/resources/staff';
import { dataOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const LOG = operationLogResource.apiBase;
const HAN = /\p{Script=Han}/u;
let srv: TestServer;
let admin: ApiClient;
let auditor: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  [admin, auditor] = await Promise.all(['op_admin', 'op_auditor'].map((u) => signInAs(srv.baseUrl, u)));
});

type Entry = { id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null; names: EntryNames };

describe('an operation-log entry names its ids', () => {
  it("names a role's added and removed menus and buttons by their titles, in the reader's language", async () => {
    const role = await dataOf<{ id: string; dataVersion: number }>(admin, ROLE_CALLS.save, {
      code: `ROLE_NAMES_${Date.now()}`,
      roleName: '日志名称测试',
      status: '0',
      permissions: ['system:dict:list', 'system:config:list'],
      menuIds: [],
    });
    await dataOf(admin, ROLE_CALLS.update, {
      id: role.id,
      dataVersion: role.dataVersion,
      roleName: '日志名称测试',
      status: '0',
      permissions: ['system:dict:list', 'system:dict:query'],
      menuIds: [],
    });
    const [row] = await srv.database.db
      .select({ id: operationLogs.id })
      .from(operationLogs)
      .where(and(eq(operationLogs.recordId, role.id), eq(operationLogs.action, 'UPDATE')));

    const zh = await dataOf<Entry>(auditor, `${LOG}/find-by-id`, { id: row.id });
    expect(zh.before?.permissions).toEqual(['system:config:list', 'system:dict:list']);
    expect(zh.after?.permissions).toEqual(['system:dict:list', 'system:dict:query']);
    // The entry's own record by its name, not its id.
    expect(zh.names.recordId[role.id]).toBe('日志名称测试');
    const buttons = zh.names.permissions;
    // Each code the entry holds is named, by its menu and its action, never by the code itself.
    for (const code of ['system:config:list', 'system:dict:list', 'system:dict:query']) {
      expect(buttons[code], code).toMatch(/ · /);
      expect(buttons[code]).not.toContain(code);
      expect(buttons[code]).toMatch(HAN);
    }
    expect(buttons['system:dict:query']).not.toEqual(buttons['system:dict:list']);
    // The menus the grants brought and took away: by their titles.
    const menuIds = [...new Set([...((zh.before?.menuIds as string[]) ?? []), ...((zh.after?.menuIds as string[]) ?? [])])];
    expect(menuIds.length).toBeGreaterThan(0);
    for (const id of menuIds) expect(zh.names.menuIds[id], id).toMatch(HAN);

    auditor.language = 'en-US';
    try {
      const en = await dataOf<Entry>(auditor, `${LOG}/find-by-id`, { id: row.id });
      for (const name of [...Object.values(en.names.permissions), ...Object.values(en.names.menuIds)]) expect(name).not.toMatch(HAN);
    } finally {
      auditor.language = undefined;
    }
  });

  it('names a demo process instance by its record number and a corporation by its name', async () => {
    // The demo's writes: its financing applications and bills went through their processes.
    const entries = (await srv.database.db.select().from(operationLogs)) as unknown as Entry[];
    const holding = (field: string) => entries.find((e) => [e.before, e.after].some((v) => typeof v?.[field] === 'string'));
    const withInstance = holding('instanceId');
    const withCorp = holding('supplierCorpId') ?? holding('corpId');
    expect(withInstance).toBeDefined();
    expect(withCorp).toBeDefined();
    const [instanceEntry, corpEntry] = (await withEntryNames(srv.database.db, [withInstance!, withCorp!] as unknown as Array<
      Record<string, unknown>
    >)) as unknown as Entry[];
    const idOf = (entry: Entry, field: string) => String(entry.after?.[field] ?? entry.before?.[field]);
    const instance = instanceEntry.names.instanceId[idOf(instanceEntry, 'instanceId')];
    // The record's own number or name, as the task views show it (业务编号), not the instance's id.
    const [started] = await srv.database.db
      .select({ businessNo: workflowInstances.businessNo })
      .from(workflowInstances)
      .where(eq(workflowInstances.id, idOf(instanceEntry, 'instanceId')));
    expect(started.businessNo).toBeTruthy();
    expect(instance).toBe(started.businessNo);
    expect(instance).not.toBe(idOf(instanceEntry, 'instanceId'));
    const corpField = corpEntry.names.supplierCorpId ? 'supplierCorpId' : 'corpId';
    expect(corpEntry.names[corpField][idOf(corpEntry, corpField)]).toMatch(HAN);
  });

  it("names each entry's references in one batch per resource, every entry its own", async () => {
    // Entries of two declared resources, each referring to another record: the page's lookups are asked together
    // (the kit's reference labels once per resource, hotline's operatorId being named by that path alone, and the
    // field lookups), and each entry must get its own record's name back, not a neighbour's.
    const corps = await srv.database.db.select({ id: corporations.id, name: corporations.corpName }).from(corporations).limit(3);
    const people = await srv.database.db.select({ id: users.id, name: users.personName }).from(users).limit(3);
    expect([corps.length, people.length]).toEqual([3, 3]);
    expect(namesField(hotlineCallResource.name, 'operatorId')).toBe(false);
    const entry = (resource: string, field: string, id: string, i: number) => ({
      id: `synthetic-${resource}-${i}`,
      resource,
      recordId: `missing-${i}`,
      before: i === 0 ? { [field]: id } : null,
      after: i === 0 ? null : { [field]: id },
    });
    const rows = [
      ...people.map((person, i) => entry(hotlineCallResource.name, 'operatorId', person.id, i)),
      ...corps.map((corp, i) => entry(bankAccountResource.name, 'corpId', corp.id, i)),
    ];
    const named = (await withEntryNames(srv.database.db, rows)) as unknown as Entry[];
    people.forEach((person, i) => expect(named[i].names.operatorId, `call ${i}`).toEqual({ [person.id]: person.name }));
    corps.forEach((corp, i) => expect(named[3 + i].names.corpId, `account ${i}`).toEqual({ [corp.id]: corp.name }));
  });

  it('reads the fields that name one kind of record in one statement, a quota account with its unit and grantor in one', async () => {
    // A month-end page: payments (payerUnitId), quota requests (unitId, accountId), units (groupId) and notes (noteId, and the
    // notes' own entries). Their units were three lookups of group_units and an account three statements in a row.
    // Two accounts: each named by its unit and its grantor (the platform by the catalogue's words, a bank by its name).
    const [account, bank] = await srv.database.db
      .select({ id: quotaAccounts.id, unitId: quotaAccounts.unitId, grantorId: quotaAccounts.grantorId })
      .from(quotaAccounts)
      .orderBy(quotaAccounts.id)
      .limit(2);
    const [note] = await srv.database.db.select({ id: creditNotes.id, noteNo: creditNotes.noteNo }).from(creditNotes).limit(1);
    const units = await srv.database.db
      .select({ id: groupUnits.id, name: sql<string>`coalesce(${groupUnits.ownName}, ${corporations.corpName})` })
      .from(groupUnits)
      .leftJoin(corporations, eq(corporations.id, groupUnits.corpId))
      .limit(3);
    expect({ accounts: !!(account && bank), note: !!note, units: units.length }).toEqual({ accounts: true, note: true, units: 3 });
    /** The name an account reads as, from its unit's and its grantor's rows. */
    const accountName = async (row: typeof account) => {
      const [unit] = await srv.database.db
        .select({ name: sql<string>`coalesce(${groupUnits.ownName}, ${corporations.corpName})` })
        .from(groupUnits)
        .leftJoin(corporations, eq(corporations.id, groupUnits.corpId))
        .where(eq(groupUnits.id, row.unitId));
      const [grantor] = await srv.database.db.select({ name: corporations.corpName }).from(corporations).where(eq(corporations.id, row.grantorId));
      return [unit?.name, row.grantorId === PLATFORM_GRANTOR ? '供应链金融服务平台' : grantor?.name].filter(Boolean).join(' · ');
    };
    const rows = [
      { id: 'e1', resource: 'credit-payments', recordId: 'p1', before: null, after: { payerUnitId: units[0].id, noteId: note.id } },
      { id: 'e2', resource: 'quota-requests', recordId: 'r1', before: { unitId: units[1].id }, after: { accountId: account.id, groupId: units[2].id } },
      { id: 'e3', resource: 'credit-notes', recordId: note.id, before: null, after: { quotaAccountId: bank.id } },
    ];
    // The driver the drizzle instance sends through (db.$client: the PGlite the shared server opened).
    const client = (srv.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const statements = vi.spyOn(client, 'query');
    let named: Entry[];
    let tables: string[];
    try {
      named = (await withEntryNames(srv.database.db, rows)) as unknown as Entry[];
      tables = statements.mock.calls.map(([text]) => String(text));
    } finally {
      statements.mockRestore();
    }
    const unitName = (id: string) => units.find((u) => u.id === id)!.name;
    expect(named[0].names.payerUnitId).toEqual({ [units[0].id]: unitName(units[0].id) });
    expect(named[0].names.noteId).toEqual({ [note.id]: note.noteNo });
    expect(named[1].names.unitId).toEqual({ [units[1].id]: unitName(units[1].id) });
    expect(named[1].names.groupId).toEqual({ [units[2].id]: unitName(units[2].id) });
    expect(named[1].names.accountId).toEqual({ [account.id]: await accountName(account) });
    expect(named[1].names.accountId[account.id]).toContain(' · ');
    expect(named[2].names.recordId).toEqual({ [note.id]: note.noteNo });
    expect(named[2].names.quotaAccountId).toEqual({ [bank.id]: await accountName(bank) });
    // One statement each: the units (three fields), the notes (a field and the notes' own record), the accounts (two fields), the
    // quota requests' and payments' own records where their resource names them.
    expect(
      tables.filter((t) => /from "group_units"/.test(t)),
      tables.join('\n'),
    ).toHaveLength(1);
    expect(tables.filter((t) => /from "credit_notes"/.test(t))).toHaveLength(1);
    expect(tables.filter((t) => /from "quota_accounts"/.test(t))).toHaveLength(1);
  });

  it('leaves no id field of a logged entry without a way to name it', async () => {
    const entries = await srv.database.db
      .select({ resource: operationLogs.resource, before: operationLogs.before, after: operationLogs.after })
      .from(operationLogs);
    const unnamed = new Set<string>();
    for (const entry of entries) {
      const declared = findResource(entry.resource);
      const references = new Set(declared ? referenceFieldsOf(declared).map(([field]) => field) : []);
      for (const values of [entry.before, entry.after]) {
        if (!values || typeof values !== 'object' || Array.isArray(values)) continue;
        const present = new Set(Object.keys(values));
        for (const field of present) {
          if (!/(Id|Ids)$/.test(field) || !isLoggedField(field) || VALUES_NOT_IDS.has(field)) continue;
          if (namedBySibling(field, present) || references.has(field) || namesField(entry.resource, field)) continue;
          unnamed.add(`${entry.resource}.${field}`);
        }
      }
    }
    expect(entries.length).toBeGreaterThan(20);
    expect([...unnamed].sort()).toEqual([]);
  });
});

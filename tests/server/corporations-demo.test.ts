/**
 * The corporations of the living demo: seeded once in demo mode (a group with two branches and four
 * project departments, twenty suppliers, three banks, a factoring company, verifications and
 * admissions in every status), every value passing the rules a form would apply; none without demo mode.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { isValid } from '../../src/lib/validators';
import { sensitiveCipherOf } from '../../server/sensitive/values';
import { corpBankAccounts, corporations, corpVerifications, groupUnits } from '../../server/db/schema';
import { seedCorporationsDemo } from '../../server/corporations/demo-seed';
import { startServer, type TestServer } from './server';

const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe('the corporations demo', () => {
  it('seeds the construction group, its suppliers and finance institutions, once', async () => {
    // Private: it counts the demo corporations exactly as a first start seeds them, which other files add to.
    const srv = await startServer();
    servers.push(srv);
    const { db } = srv.database;
    const corps = await db.select().from(corporations);
    const typed = (type: string) => corps.filter((c) => c.corpTypes.includes(type));
    expect(typed('SUPPLIER').filter((c) => !c.corpTypes.includes('CORE_ENTERPRISE'))).toHaveLength(20);
    expect(
      typed('FINANCE_INSTITUTION')
        .map((c) => c.corpName)
        .filter((n) => n.includes('银行')),
    ).toHaveLength(3);
    expect(typed('FINANCE_INSTITUTION').some((c) => c.corpName.includes('保理'))).toBe(true);
    expect(new Set(typed('CORE_ENTERPRISE').map((c) => c.admissionStatus))).toEqual(new Set(['ADMITTED', 'REJECTED', 'NOT_APPLIED']));

    const units = await db.select().from(groupUnits);
    expect(units.filter((u) => u.kind === 'BRANCH')).toHaveLength(2);
    expect(units.filter((u) => u.kind === 'PROJECT_DEPT')).toHaveLength(4);
    expect(units.filter((u) => u.kind === 'MEMBER_CUSTOMER').length).toBeGreaterThan(0);

    const verifications = await db.select().from(corpVerifications);
    for (const kind of ['IDENTITY', 'COMPANY', 'BANK_ACCOUNT', 'ADDRESS']) {
      expect(new Set(verifications.filter((v) => v.kind === kind).map((v) => v.status)), kind).toEqual(new Set(['AUTHENTICATING', 'FAILURE', 'SUCCESS']));
    }

    const cipher = await sensitiveCipherOf(db);
    for (const c of corps) {
      expect(isValid('corpName', c.corpName) && isValid('taxId', c.creditCode), c.corpName).toBe(true);
      expect(isValid('idCard', cipher.open(c.legalPersonIdCard!)) && isValid('mobile', cipher.open(c.managerMobile!)), c.corpName).toBe(true);
    }
    for (const a of await db.select().from(corpBankAccounts)) expect(isValid('bankCard', cipher.open(a.accountNo)), a.accountName).toBe(true);

    await seedCorporationsDemo({ db } as never);
    expect(await db.select().from(corporations)).toHaveLength(corps.length);
  });

  it('seeds none of it with demo mode off', async () => {
    // Private: demo mode off.
    const srv = await startServer({ demoMode: false });
    servers.push(srv);
    expect(await srv.database.db.select().from(corporations)).toHaveLength(0);
    expect(await srv.database.db.select().from(groupUnits)).toHaveLength(0);
  });
});

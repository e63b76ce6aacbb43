/**
 * One money rule on every route (issue 37): the same hostile amounts go to every money field of every
 * route and each answers the same VALIDATION_FAILED with the same message (server:validation.money,
 * naming the field), never a 5xx, and nothing changes (the record the call would touch, the operation
 * log, the workflow instances).
 *
 * Which fields: the generic CRUD routes' money fields come from the resource declarations (every
 * writable 'money' field of every resource); the hand-written routes are listed below, and the list is
 * checked against the server's source: every money field of a body schema (`amount: money(...)`,
 * server/input/fields.ts, the only way a route reads an amount since the hand-written readers went) must be
 * covered by as many listed cases, so a new money route without its case fails here. A server file that
 * still carries an amount parser of its own fails too.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import serverZh from '../../locales/zh-CN/server.json';
import { ABS_API, ZD_API } from '../../src/lib/abs';
import { FINANCING_CALLS } from '../../src/lib/financing';
import { REDEMPTION_CALLS } from '../../src/lib/redemption';
import type { FieldSchema } from '../../src/crud/resource';
import { DEMO_CORP, DEMO_UNIT } from '../../server/corporations/demo-seed';
import { VERIFICATION_BASE } from '../../server/corporations/verification/routes';
import { writableFields } from '../../server/crud/fields';
import { actionPermission } from '../../src/lib/access';
import { absPackages, financingApplications, operationLogs, quotaAccounts, quotaRequests, workflowInstances, zdRegistrations } from '../../server/db/schema';
import { RESOURCES } from '../../server/resources/registry';
import { dataOf, signInAs, type ApiClient } from './client';
import { sharedServer, type TestServer } from './server';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a careless or hostile caller sends as an amount. Every one breaks the rule in every field. */
const HOSTILE: readonly unknown[] = [
  '1e2',
  '1E2',
  '1e-2',
  '+1',
  '-1',
  '-0',
  '.5',
  '1.',
  ' 1',
  '1 ',
  '1,000',
  '1_000',
  '0x10',
  '0b1',
  'Infinity',
  '-Infinity',
  'NaN',
  '1.001',
  '01',
  '00.5',
  '１００',
  '¥100',
  '100元',
  '1/2',
  '１',
  '',
  ' ',
  'abc',
  '100000000000000',
  '99999999999999999999',
  '1' + '0'.repeat(400),
  '123456789012345678.00',
  -1,
  1e21,
  0.1 + 0.2,
  1.001,
  true,
  {},
  [],
  ['1'],
];
// An empty or blank value is the field's "required" refusal, not the money rule's: checked apart.
const MALFORMED = HOSTILE.filter((v) => v !== '' && v !== ' ');

/** server:validation.money with any field label and any declared digits, as a pattern. */
const MONEY_MESSAGE = new RegExp(
  `^${serverZh.validation.money
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace('\\{\\{field\\}\\}', '.+')
    .replace('\\{\\{integer\\}\\}', '\\d+')
    .replace('\\{\\{decimal\\}\\}', '\\d+')}$`,
);

let srv: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  srv = await sharedServer();
  admin = await signInAs(srv.baseUrl, 'op_admin');
});

const db = () => srv.database.db;
const logCount = async () => (await db().select({ n: count() }).from(operationLogs))[0].n;
const instanceCount = async () => (await db().select({ n: count() }).from(workflowInstances))[0].n;

interface Case {
  /** The server file that reads the field, and the field as that file names it (the source check matches on both). */
  source: string;
  field: string;
  /** The field's path in the refusal when it is not the field itself (an amount in a list: lines.0.amount). */
  answered?: string;
  path: string;
  /** A body that reaches the money check: everything before it in the handler is valid. */
  body: (amount: unknown) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The record the call would change, as read before and after. */
  state?: () => Promise<unknown>;
}

const firstRow = async <T>(rows: Promise<T[]>): Promise<T> => {
  const [row] = await rows;
  expect(row, 'the demo world holds the record this case needs').toBeDefined();
  return row;
};
const rootAccount = () =>
  firstRow(
    db()
      .select()
      .from(quotaAccounts)
      .where(and(eq(quotaAccounts.unitId, DEMO_UNIT.group), isNull(quotaAccounts.parentId)))
      .limit(1),
  );
const registration = () => firstRow(db().select().from(zdRegistrations).where(eq(zdRegistrations.status, 'REGISTERED')).limit(1));
const draftApplication = () => firstRow(db().select().from(financingApplications).where(eq(financingApplications.status, 'DRAFT')).limit(1));

/**
 * A quota application (or an adjustment) of op_admin's, returned by op_director: what 重新提交 changes
 * (workflow/instances/resubmit, the quota reviser's reads). Made once, on a group of its own, before
 * any case counts what the calls write.
 */
const returned = new Map<string, Promise<{ instanceId: string; requestId: string }>>();
function returnedQuota(type: 'apply' | 'modify') {
  if (!returned.has(type)) {
    returned.set(
      type,
      (async () => {
        const director = await signInAs(srv.baseUrl, 'op_director');
        const group = await dataOf<{ id: string }>(admin, '/op/v1/group/units/save', { kind: 'GROUP', corpId: DEMO_CORP.westCore });
        const base = { termEnd: '2099-12-31', reason: '金额规则测试' };
        let submitted = await dataOf<{ instanceId: string; taskId: string; request: { id: string } }>(admin, '/op/v1/quotas/requests/apply', {
          kind: 'PLATFORM',
          unitId: group.id,
          amount: '100.00',
          ...base,
        });
        if (type === 'modify') {
          await dataOf(director, '/op/v1/workflow/tasks/complete', { taskId: submitted.taskId, outcome: 'PASS', remark: '同意' });
          const [account] = await db()
            .select()
            .from(quotaAccounts)
            .where(and(eq(quotaAccounts.unitId, group.id), isNull(quotaAccounts.parentId)));
          submitted = await dataOf(admin, '/op/v1/quotas/requests/modify', { accountId: account.id, amount: '200.00', ...base });
        }
        await dataOf(director, '/op/v1/workflow/tasks/complete', { taskId: submitted.taskId, outcome: 'REJECT', remark: '请修改' });
        return { instanceId: submitted.instanceId, requestId: submitted.request.id };
      })(),
    );
  }
  return returned.get(type)!;
}
// Made before any case counts the log and the instances: the set-up writes both.
beforeAll(async () => {
  await returnedQuota('apply');
  await returnedQuota('modify');
});
const quotaRequestState = async (type: 'apply' | 'modify') => {
  const { requestId } = await returnedQuota(type);
  return (await db().select().from(quotaRequests).where(eq(quotaRequests.id, requestId))).map((r) => [r.amount, r.dataVersion]);
};
const resubmitBody = async (type: 'apply' | 'modify', amount: unknown) => {
  const { instanceId, requestId } = await returnedQuota(type);
  const [request] = await db().select().from(quotaRequests).where(eq(quotaRequests.id, requestId));
  return { instanceId, dataVersion: request.dataVersion, amount, termEnd: '2099-12-31', reason: '金额规则测试' };
};

const CASES: Case[] = [
  {
    source: 'server/abs/input.ts',
    field: 'targetSize',
    path: `${ABS_API}/packages/save`,
    body: (targetSize) => ({ packageName: '金额规则测试包', programme: '金额规则测试', minTenorDays: 0, maxTenorDays: 360, maxDebtorShare: '0.6', targetSize }),
    state: async () => (await db().select({ n: count() }).from(absPackages))[0].n,
  },
  {
    source: 'server/abs/input.ts',
    field: 'amount',
    path: `${ZD_API}/register`,
    body: (amount) => ({
      registrationType: 'TRANSFER',
      transferorId: DEMO_CORP.factoring,
      transfereeId: DEMO_CORP.group,
      subjectKind: 'NOTES',
      amount,
      periodYears: 1,
      description: '金额规则测试',
      noteIds: ['none'],
    }),
    state: async () => (await db().select({ n: count() }).from(zdRegistrations))[0].n,
  },
  {
    source: 'server/abs/input.ts',
    field: 'amount',
    path: `${ZD_API}/amend`,
    body: async (amount) => {
      const row = await registration();
      return { id: row.id, dataVersion: row.dataVersion, amount };
    },
    state: async () => (await db().select().from(zdRegistrations).where(eq(zdRegistrations.status, 'REGISTERED'))).map((r) => [r.id, r.amount, r.dataVersion]),
  },
  {
    source: 'server/quotas/input.ts',
    field: 'amount',
    path: '/op/v1/quotas/requests/apply',
    body: (amount) => ({ kind: 'PLATFORM', unitId: DEMO_UNIT.group, amount, termEnd: '2099-12-31', reason: '金额规则测试' }),
  },
  {
    source: 'server/quotas/input.ts',
    field: 'amount',
    path: '/op/v1/quotas/requests/modify',
    body: async (amount) => ({ accountId: (await rootAccount()).id, amount, termEnd: '2099-12-31', reason: '金额规则测试' }),
    state: async () => (await rootAccount()).granted,
  },
  {
    source: 'server/quotas/input.ts',
    field: 'amount',
    answered: 'lines.0.amount',
    path: '/op/v1/quotas/requests/dispatch',
    body: async (amount) => ({ accountId: (await rootAccount()).id, reason: '金额规则测试', lines: [{ unitId: DEMO_UNIT.branches[0], amount }] }),
  },
  {
    source: 'server/quotas/input.ts',
    field: 'amount',
    answered: 'lines.0.amount',
    path: '/op/v1/quotas/requests/redispatch',
    body: async (amount) => ({ accountId: (await rootAccount()).id, reason: '金额规则测试', lines: [{ unitId: DEMO_UNIT.branches[0], amount }] }),
  },
  // 重新提交 of a returned application and adjustment: the quota reviser reads the amount as a first submission does.
  {
    source: 'server/quotas/input.ts',
    field: 'amount',
    path: '/op/v1/workflow/instances/resubmit',
    body: (amount) => resubmitBody('apply', amount),
    state: () => quotaRequestState('apply'),
  },
  {
    source: 'server/quotas/input.ts',
    field: 'amount',
    path: '/op/v1/workflow/instances/resubmit',
    body: (amount) => resubmitBody('modify', amount),
    state: () => quotaRequestState('modify'),
  },
  {
    source: 'server/credit-notes/input.ts',
    field: 'amount',
    path: '/op/v1/credit-notes/applications/add',
    body: async (amount) => {
      const account = await firstRow(db().select().from(quotaAccounts).where(eq(quotaAccounts.unitId, DEMO_UNIT.projectDepts[1])).limit(1));
      return {
        level: 'PROJECT_DEPT',
        unitId: DEMO_UNIT.projectDepts[1],
        quotaAccountId: account.id,
        payeeCorpId: DEMO_CORP.supplier(1),
        amount,
        dueDate: '2099-01-01',
        productId: 'none',
        contractNo: 'HT',
        contractFileIds: [],
        invoiceFileIds: [],
      };
    },
  },
  {
    source: 'server/credit-notes/input.ts',
    field: 'amount',
    path: '/op/v1/credit-notes/notes/split',
    body: (amount) => ({ noteId: 'none', toCorpId: DEMO_CORP.supplier(2), amount }),
  },
  {
    source: 'server/redemption/input.ts',
    field: 'amount',
    path: REDEMPTION_CALLS.addPayment,
    body: (amount) => ({ payerUnitId: DEMO_UNIT.projectDepts[1], amount, valueDate: '2020-01-01', bankSerialNo: 'MONEYRULE0001', noteIds: ['none'] }),
  },
  {
    source: 'server/financing/input.ts',
    field: 'amount',
    path: FINANCING_CALLS.update,
    body: async (amount) => {
      const row = await draftApplication();
      return { id: row.id, dataVersion: row.dataVersion, amount };
    },
    state: async () => {
      const row = await draftApplication();
      return [row.id, row.amount, row.dataVersion];
    },
  },
  {
    source: 'server/corporations/verification/routes.ts',
    field: 'amount',
    path: `${VERIFICATION_BASE}/confirm`,
    body: (amount) => ({ id: 'none', amount }),
  },
];

/**
 * A valid new record of each declared resource whose money fields only a create writes (no edit
 * action): the create reads the fields in declaration order, so the ones before the money field must pass.
 */
const CREATE_SAMPLES: Record<string, () => Record<string, unknown>> = {
  // References are read for their form first (their records only inside the write, after the amounts): an id-shaped value passes that.
  'price-policies': () => ({
    policyName: '金额规则测试',
    productId: 'money-rule-product',
    coreCorpId: DEMO_CORP.group,
    tenorFromDays: 1,
    tenorToDays: 2,
    financingRate: '4.05',
    serviceFeeRate: '0.25',
  }),
};

/**
 * Every writable money field of every declared resource: through its update route where it has one
 * (which reads the body before looking the record up), else through its create with a sample record.
 */
const DECLARED: Case[] = RESOURCES.flatMap((resource) => {
  const editable = Boolean(actionPermission(resource.permissions, 'edit'));
  return writableFields(resource, editable ? 'update' : 'create')
    .filter(([, schema]: [string, FieldSchema]) => schema.type === 'money' && !schema.sensitive)
    .map(([field]) => ({
      source: 'server/crud/fields.ts',
      field,
      path: `${resource.apiBase}/${editable ? 'update-by-id' : 'save'}`,
      body: (amount: unknown) => {
        if (editable) return { id: 'money-rule-none', dataVersion: 0, [field]: amount };
        const sample = CREATE_SAMPLES[resource.name];
        expect(sample, `a create sample for ${resource.name}, whose money fields only a create writes`).toBeDefined();
        return { ...sample(), [field]: amount };
      },
    }));
});

function serverFiles(dir = join(ROOT, 'server')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : serverFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

describe('the list of money fields', () => {
  it('covers every read of a money field in the server source', () => {
    const reads = new Map<string, number>();
    for (const file of serverFiles()) {
      const text = readFileSync(file, 'utf8');
      // A body schema's money field is one only where `money` is server/input/fields.ts's (a table's money column is not).
      if (!/import \{[^}]*\bmoney\b[^}]*\} from '(?:\.\.\/)+input\/fields'/.test(text)) continue;
      for (const match of text.matchAll(/\b(\w+): (?:\w+\()*money\(/g)) {
        const key = `${relative(ROOT, file)}#${match[1]}`;
        reads.set(key, (reads.get(key) ?? 0) + 1);
      }
    }
    expect(reads.size).toBeGreaterThan(5);
    const listed = new Map<string, number>();
    for (const c of CASES) listed.set(`${c.source}#${c.field}`, (listed.get(`${c.source}#${c.field}`) ?? 0) + 1);
    const uncovered = [...reads].filter(([key, n]) => (listed.get(key) ?? 0) < n).map(([key]) => key);
    expect(uncovered, 'money reads without a case in this file').toEqual([]);
    // A listed source that no longer reads the field would test nothing new: the list follows the code.
    expect([...listed.keys()].filter((key) => !reads.has(key))).toEqual([]);
  });

  it('leaves no server file on an amount parser of its own', () => {
    const own = serverFiles().filter(
      (file) =>
        /\b(parseAmount|AMOUNT_PATTERN|paymentFen|moneyInputText)\b/.test(readFileSync(file, 'utf8')) && !file.endsWith(join('server', 'validation.ts')),
    );
    expect(own.map((file) => relative(ROOT, file))).toEqual([]);
  });

  it("finds the declared money fields (the products' limits and the price policies' rates among them)", () => {
    const fields = DECLARED.map((c) => `${c.path}#${c.field}`);
    expect(fields).toEqual(
      expect.arrayContaining([expect.stringMatching(/amountMin$/), expect.stringMatching(/amountMax$/), expect.stringMatching(/financingRate$/)]),
    );
  });
});

describe.each([...CASES, ...DECLARED].map((c) => ({ ...c, name: `${c.path} ${c.field}` })))('$name', (c) => {
  it('refuses every hostile amount with the one money refusal and changes nothing', async () => {
    const before = [await logCount(), await instanceCount(), await c.state?.()];
    const wrong: string[] = [];
    for (const amount of MALFORMED) {
      const answer = await admin.call(c.path, { json: await c.body(amount) });
      expect(answer.status, `${JSON.stringify(amount)}: ${answer.text}`).toBeLessThan(500);
      const data = answer.body.data as { field?: string } | null;
      if (answer.body.code !== 'VALIDATION_FAILED' || !MONEY_MESSAGE.test(answer.body.message ?? '') || data?.field !== (c.answered ?? c.field))
        wrong.push(`${JSON.stringify(amount)} → ${answer.body.code} ${answer.body.message} (${data?.field})`);
    }
    expect(wrong).toEqual([]);
    expect([await logCount(), await instanceCount(), await c.state?.()]).toEqual(before);
  });
});

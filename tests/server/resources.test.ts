/**
 * Generic tests over every declared resource (issue 25), enumerated from the registry: a resource
 * declared tomorrow gets these cases with no edit here. Values come from the declared field rules
 * (./generic/values.ts); a field the rules do not describe (a reference to another record) takes its
 * value from a row the demo world holds.
 *
 * Per resource: create, read, update and delete as a persona who may (an approvable creation starts
 * its process instead, and no record appears); every write refused for the auditor; DUPLICATE on every
 * unique field, naming it; each field rule refused with its message; export; every sortable column
 * sorts (the server's ORDER BY puts it first); every search field filters.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { knownPermissions, ownedElsewhere, referenceLabelKey, type AnyResource } from '../../src/crud/resource';
import { hasPermission } from '../../src/lib/access';
import { expandGrants } from '../../src/lib/grants';
import { withOwnExports } from '../../src/lib/own-exports';
import { PERSONAS, ROLES } from '../../server/db/seed-data/personas';
import { RESOURCES, SERVED_RESOURCES } from '../../server/resources/registry';
import { translate } from '../../server/i18n';
import { sysDictData } from '../../server/db/schema';
import { columnsOf } from '../../server/crud/checks';
import { orderOf } from '../../server/crud/query';
import type { CrudOptions } from '../../server/crud/types';
import { signInAs, type ApiClient, type ApiResponse } from './client';
import { exportFinished } from './export-job';
import { startServer, type TestServer } from './server';
import { isValid } from '../../src/lib/validators';
import { breakersOf, validRecord, writable, type Mode, type Row } from './generic/values';

interface Page {
  records: Row[];
  total: number;
}

const WRITERS = ['op_handler', 'op_director', 'op_admin'] as const;
const READER = 'op_auditor';
const SECOND_REVIEWER = 'op_director2';
/** Who reviews a proposed change, in the order the approval path asks them (never the proposer, nor one person twice). */
const REVIEWERS = ['op_director', SECOND_REVIEWER, 'op_admin', 'op_handler'] as const;
const WF = '/op/v1/workflow';

let srv: TestServer;
const clients = new Map<string, ApiClient>();
/**
 * What each persona may do, from the seeded grant rules and what an export implies besides (one's own
 * export records, src/lib/own-exports.ts); which cases run is known before the server starts, checked against its user info.
 */
const perms = new Map<string, string[]>(
  [...WRITERS, READER].map((username) => {
    const role = ROLES.find((r) => r.code === PERSONAS.find((p) => p.username === username)!.role)!;
    return [username, withOwnExports(expandGrants(role.grants, knownPermissions(RESOURCES)))];
  }),
);
const dict = new Map<string, string[]>();
const dictValues = (type: string) => dict.get(type) ?? [];
/** Makes every generated value differ from the ones made before (unique fields). */
let counter = Math.floor(Date.now() / 1000) % 100_000;
const next = () => (counter += 7);

beforeAll(async () => {
  // Private: it leaves records in every declared resource (menus, granted to roles, and dictionaries among them) and proposals on demo records.
  srv = await startServer();
  for (const username of [...WRITERS, READER]) {
    const client = await signInAs(srv.baseUrl, username);
    clients.set(username, client);
    const held = (await client.call<{ menuPerms: string[] }>('/op/v1/userInfo', { method: 'GET' })).body.data!.menuPerms;
    expect([...held].sort()).toEqual([...perms.get(username)!].sort());
  }
  // A second director for four-eyes processes (two reviews of one instance by two people).
  clients.set(SECOND_REVIEWER, await signInAs(srv.baseUrl, SECOND_REVIEWER));
  const rows = await srv.database.db.select().from(sysDictData).where(eq(sysDictData.status, '0'));
  for (const row of rows) dict.set(row.dictType, [...(dict.get(row.dictType) ?? []), row.dictValue]);
  // The admin, on the sensitive-data whitelist, opens a record of each resource holding sensitive
  // values: each reveal is an operation-log row, so the log has rows to sort and search too.
  const admin = clients.get('op_admin')!;
  for (const resource of RESOURCES.filter((r) => Object.values(r.fields).some((f) => f.sensitive))) {
    const [row] = (await ok<Page>(admin, `${resource.apiBase}/page`, { pageSize: 1 })).records;
    if (row) await ok(admin, `${resource.apiBase}/find-by-id`, { id: row.id });
  }
}, 120_000);
afterAll(() => srv?.close());

/** The first persona holding the permission (working roles before the admin). */
function writerName(permission: string | undefined): string | undefined {
  return permission ? WRITERS.find((u) => hasPermission(perms.get(u)!, permission)) : undefined;
}
const writerFor = (permission: string | undefined): ApiClient | undefined => clients.get(writerName(permission) ?? '');

async function ok<T>(client: ApiClient, path: string, json: unknown): Promise<T> {
  const answer = await client.call<T>(path, { json });
  expect({ path, code: answer.body.code, message: answer.body.message }).toEqual({ path, code: '0', message: answer.body.message });
  return answer.body.data as T;
}

const refusal = (answer: ApiResponse) => ({
  status: answer.status,
  code: answer.body.code,
  message: answer.body.message,
  field: (answer.body.data as { field?: string } | undefined)?.field,
});

/** The body as a form sends it: sensitive values RSA-encrypted with the session's public key. */
function sealed(resource: AnyResource, client: ApiClient, body: Row): Row {
  const out: Row = { ...body };
  for (const [name, schema] of Object.entries(resource.fields)) {
    if (schema.sensitive && typeof out[name] === 'string' && out[name] !== '') out[name] = client.encrypt(out[name] as string);
  }
  return out;
}

/**
 * The filters a list needs before it answers: none for most, the parent's key for a list scoped to a
 * parent record (a quota account's ledger). Such a page refuses without it, naming a key the
 * declaration does not hold (accountId); the parents are the list that key names beside it
 * (accounts/page), and the scope is the first parent holding rows. Anything else fails here.
 */
const scopes = new Map<string, Row>();
/** Of a scoped list, where its parents are read (their page and find-by-id). */
const parentsOf = new Map<string, string>();
async function scopeOf(resource: AnyResource): Promise<Row> {
  const known = scopes.get(resource.name);
  if (known) return known;
  const reader = clients.get(READER)!;
  const answer = await reader.call(`${resource.apiBase}/page`, { json: { pageSize: 1 } });
  let scope: Row = {};
  if (answer.body.code !== '0') {
    const { code, field } = refusal(answer);
    expect(
      { code, undeclaredKey: typeof field === 'string' && /Id$/.test(field) && !(field in resource.fields) },
      `${resource.name}: its page refuses ${JSON.stringify(answer.body)}`,
    ).toEqual({ code: 'VALIDATION_FAILED', undeclaredKey: true });
    const key = field as string;
    const parentsBase = `${resource.apiBase.replace(/\/[^/]+$/, '')}/${key.replace(/Id$/, '')}s`;
    const parents = await ok<Page>(reader, `${parentsBase}/page`, { pageSize: 500 });
    for (const parent of parents.records) {
      if ((await ok<Page>(reader, `${resource.apiBase}/page`, { pageSize: 1, [key]: parent.id })).records.length) {
        scope = { [key]: parent.id };
        break;
      }
    }
    expect(scope[key], `${resource.name}: no ${parentsBase} row holds rows of it (the demo world should)`).toBeDefined();
    parentsOf.set(resource.name, parentsBase);
  }
  scopes.set(resource.name, scope);
  return scope;
}

const pageOf = async (client: ApiClient, resource: AnyResource, filters: Row = {}) =>
  ok<Page>(client, `${resource.apiBase}/page`, { pageSize: 500, ...(await scopeOf(resource)), ...filters });

/** An existing row to take references from and to update: one with no change pending. */
async function sampleRow(resource: AnyResource): Promise<Row | undefined> {
  const page = await pageOf(clients.get(READER)!, resource);
  return page.records.find((r) => !r.pendingChange) ?? page.records[0];
}

/**
 * Per resource, the fields whose value must be an existing record's (an agreement's product, a
 * product's finance institution): the rules describe the value, only the server knows which records
 * exist. Found when the server refuses a generated value that keeps every declared rule of its field,
 * naming it (with any other field whose generated value its message quotes: a template's code beside
 * its version); from then on those values come from a source row (referenceSources), the same one
 * for every case.
 */
interface References {
  fields: Set<string>;
  sources: Row[];
  source: number;
}
const references = new Map<string, References>();
const referencesOf = (resource: AnyResource): References =>
  references.get(resource.name) ?? references.set(resource.name, { fields: new Set(), sources: [], source: 0 }).get(resource.name)!;

/**
 * Rows a reference is taken from, best first: the resource's own records (the demo world seeds them),
 * the values its running creations propose (a proposal still in review is no record yet), then the
 * records and proposals of the resources declaring the same fields (name and label alike).
 */
async function referenceSources(resource: AnyResource): Promise<Row[]> {
  const reader = clients.get(READER)!;
  const rowsOf = async (r: AnyResource) => {
    const records = (await pageOf(reader, r)).records;
    const proposed = r.approval?.create ? (await ok<Array<{ proposed: Row }>>(reader, `${r.apiBase}/pending-creations`, {})).map((c) => c.proposed) : [];
    return [...records.filter((row) => !row.pendingChange), ...records.filter((row) => row.pendingChange), ...proposed];
  };
  const shares = (r: AnyResource) => r !== resource && Object.entries(r.fields).some(([name, f]) => resource.fields[name]?.label === f.label && !f.readOnly);
  const out = [...(await declaredReferences(resource)), ...(await rowsOf(resource))];
  for (const r of RESOURCES.filter(shares)) out.push(...(await rowsOf(r)));
  return out;
}

/**
 * Rows holding only the declared reference fields, each naming a record the referenced resource lists
 * under the declaration's filter: what a new resource, with no record of its own yet, refers to.
 */
async function declaredReferences(resource: AnyResource): Promise<Row[]> {
  const reader = clients.get(READER)!;
  const columns: Array<[string, string[]]> = [];
  for (const [name, schema] of Object.entries(resource.fields)) {
    if (schema.type !== 'reference' || !schema.reference || schema.readOnly) continue;
    const target = RESOURCES.find((r) => r.name === schema.reference!.resource);
    if (!target) continue;
    const ids = (await ok<Page>(reader, `${target.apiBase}/page`, { pageSize: 5, ...schema.reference.filter })).records.map((r) => r.id as string);
    columns.push([name, ids]);
  }
  const count = Math.min(...columns.map(([, ids]) => ids.length));
  if (!columns.length || !count) return [];
  return Array.from({ length: count }, (_, i) => Object.fromEntries(columns.map(([name, ids]) => [name, resource.fields[name].multiple ? [ids[i]] : ids[i]])));
}

/** The row the references are taken from now (undefined before any is needed). */
const referenceRow = (resource: AnyResource): Row | undefined => {
  const refs = referencesOf(resource);
  return refs.fields.size ? refs.sources[refs.source] : undefined;
};

/** The values with the referenced fields taken from the source row. */
function withReferences(resource: AnyResource, values: Row): Row {
  const out = { ...values };
  const row = referenceRow(resource);
  for (const name of referencesOf(resource).fields) if (row && name in out && row[name] !== null && row[name] !== undefined) out[name] = row[name];
  return out;
}

/** Whether a refusal naming this field may be a reference the generated value cannot know: a writable plain field whose value keeps its declared rules. */
function mayReference(resource: AnyResource, mode: Mode, name: string, body: Row): boolean {
  const schema = resource.fields[name];
  if (!schema || schema.unique || schema.sensitive || !writable(resource, mode).some(([n]) => n === name)) return false;
  const value = body[name];
  if (typeof value !== 'string') return value !== undefined;
  if (schema.maxLength !== undefined && value.length > schema.maxLength) return false;
  if (schema.pattern && !new RegExp(schema.pattern.source, schema.pattern.flags).test(value)) return false;
  if (schema.validator && !isValid(schema.validator, value)) return false;
  return true;
}

/**
 * Sends a valid body (validBody) as `call`. Refused VALIDATION_FAILED naming a field that may be a
 * reference, it retries with that field (and the fields the message quotes) taken from a source row,
 * and with the next source row when the fields are already taken; a bounded number of times. Refused
 * with another code naming a field whose value keeps its rules (a conflict with a stored record: a
 * price band overlapping one), it retries with fresh values, three times at most. Any other answer, and the
 * last refusal, are the caller's to judge.
 */
async function submit(resource: AnyResource, mode: Mode, client: ApiClient, call: string): Promise<{ body: Row; answer: ApiResponse }> {
  const refs = referencesOf(resource);
  let conflicts = 0;
  for (let tries = 0; ; tries += 1) {
    const body = await validBody(resource, mode);
    const answer = await client.call<Row>(`${resource.apiBase}/${call}`, { json: sealed(resource, client, body) });
    const { code, field, message } = refusal(answer);
    if (code !== '0' && code !== 'VALIDATION_FAILED' && typeof field === 'string' && mayReference(resource, mode, field, body) && conflicts < 3) {
      // Fresh values far from the refused ones (the next ones made lie close: a band they all overlap).
      conflicts += 1;
      counter += 1009;
      continue;
    }
    if (code !== 'VALIDATION_FAILED' || typeof field !== 'string' || !mayReference(resource, mode, field, body)) return { body, answer };
    if (!refs.sources.length) refs.sources = await referenceSources(resource);
    if (tries > Object.keys(resource.fields).length + refs.sources.length) return { body, answer };
    const quoted = writable(resource, mode)
      .map(([name]) => name)
      .filter(
        (name) =>
          name !== field &&
          String(body[name] ?? '').length >= 3 &&
          String(message ?? '').includes(String(body[name])) &&
          mayReference(resource, mode, name, body),
      );
    const fresh = [field, ...quoted].filter((name) => !refs.fields.has(name));
    if (fresh.length) for (const name of fresh) refs.fields.add(name);
    else if (refs.source + 1 < refs.sources.length) refs.source += 1;
    else return { body, answer };
  }
}

/** Resources whose references are known (a create was accepted). */
const resolved = new Set<string>();
/** Learns a creatable resource's references with one accepted create (the CRUD case's, when it ran). */
async function resolveReferences(resource: AnyResource): Promise<void> {
  if (resolved.has(resource.name) || !canCreate(resource)) return;
  const { answer } = await submit(resource, 'create', writerFor(resource.permissions.add)!, 'save');
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
  resolved.add(resource.name);
}

/** The writable values of a stored row, as an edit form sends them back (sensitive ones left out: they are masked). */
/**
 * An update's values without the fields another process owns on this record (as stored or as the update
 * would leave it: a core enterprise's legal person belongs to 核心企业准入): the generic update refuses
 * those, which corp-owned-fields.test.ts tries on every write path, so the generic suite leaves them out.
 */
function withoutOwned(resource: AnyResource, values: Row, stored: Row): Row {
  const after = { ...stored, ...values };
  const owned = (name: string) => {
    const schema = resource.fields[name];
    return !!schema && (ownedElsewhere(schema, resource, stored) || ownedElsewhere(schema, resource, after));
  };
  return Object.fromEntries(Object.entries(values).filter(([name]) => !owned(name)));
}

function editable(resource: AnyResource, row: Row): Row {
  return Object.fromEntries(
    writable(resource, 'update')
      .filter(([name, s]) => !s.sensitive && row[name] !== undefined && row[name] !== null)
      .map(([name]) => [name, row[name]]),
  );
}

const canCreate = (r: AnyResource) => writerName(r.permissions.add) !== undefined && writable(r, 'create').length > 0;
const canUpdate = (r: AnyResource) => writerName(r.permissions.edit) !== undefined && writable(r, 'update').length > 0;
/** The mode field rules are tried in: create where a persona may create, else update. */
const ruleMode = (r: AnyResource): Mode | undefined => (canCreate(r) ? 'create' : canUpdate(r) ? 'update' : undefined);

/** A body of the given mode that the server would accept, in plain text (send it `sealed`). */
async function validBody(resource: AnyResource, mode: Mode): Promise<Row> {
  const sample = await sampleRow(resource);
  const generate = () => {
    const values = withReferences(resource, validRecord(resource, mode, next(), dictValues, sample));
    return mode === 'update' && sample ? withoutOwned(resource, values, sample) : values;
  };
  let values = generate();
  if (mode === 'create') return values;
  expect(sample, `${resource.name}: an update needs a row (the demo world seeds one)`).toBeDefined();
  // An update must change something (an approvable one refuses an empty change): a field of few values may need another try.
  const differs = (v: Row) =>
    Object.entries(v).some(([name, value]) => resource.fields[name].sensitive || JSON.stringify(value) !== JSON.stringify(sample![name]));
  for (let tries = 0; tries < 10 && !differs(values); tries += 1) values = generate();
  return { ...editable(resource, sample!), ...values, id: sample!.id, dataVersion: sample!.dataVersion };
}

const compare = (a: unknown, b: unknown): number => {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const [x, y] = [String(a), String(b)];
  if (/^\d{4}-\d\d-\d\dT/.test(x) && /^\d{4}-\d\d-\d\dT/.test(y)) return Date.parse(x) - Date.parse(y);
  if (/^-?\d+(\.\d+)?$/.test(x) && /^-?\d+(\.\d+)?$/.test(y)) return Number(x) - Number(y);
  return Buffer.compare(Buffer.from(x), Buffer.from(y));
};

interface Proposal {
  change: { id: string; recordId: string; action: string; status: string; proposed: Row };
  instanceId: string;
  taskId: string;
}
interface Transition {
  instance: { status: string };
  task: { id: string } | null;
  by: string;
}

/** Completes a task as the first reviewer not excluded whom the engine lets act on it (the step's role, four eyes). */
async function review(taskId: string, outcome: 'PASS' | 'REJECT', exclude: ReadonlySet<string>): Promise<Transition> {
  const refusals: string[] = [];
  for (const username of REVIEWERS.filter((u) => !exclude.has(u))) {
    const answer = await clients
      .get(username)!
      .call<Omit<Transition, 'by'>>(`${WF}/tasks/complete`, { json: { taskId, outcome, remark: `通用测试${outcome}` } });
    if (answer.body.code === '0') return { ...answer.body.data!, by: username };
    refusals.push(`${username}: ${answer.body.message}`);
  }
  throw new Error(`no reviewer could ${outcome} task ${taskId}: ${refusals.join('; ')}`);
}

/** Passes every step of an instance from the given task, each by another reviewer than the ones before; answers the last transition. */
async function passAll(taskId: string, proposer: string): Promise<Transition> {
  const passed = new Set([proposer]);
  let step: Transition = { instance: { status: 'RUNNING' }, task: { id: taskId }, by: proposer };
  while (step.task) {
    step = await review(step.task.id, 'PASS', passed);
    passed.add(step.by);
  }
  return step;
}

/**
 * Two records this run makes, of different generated values (approved, where a creation is proposed),
 * for the cases that must see rows: sort and export. None where no persona may create the resource.
 */
async function freshRows(resource: AnyResource): Promise<Row[]> {
  if (!canCreate(resource)) return [];
  const proposer = writerName(resource.permissions.add)!;
  const out: Row[] = [];
  for (let i = 0; i < 2; i += 1) {
    const { answer } = await submit(resource, 'create', clients.get(proposer)!, 'save');
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
    const data = answer.body.data as Row;
    if (!resource.approval?.create) {
      out.push(data);
      continue;
    }
    const proposal = data as unknown as Proposal;
    expect((await passAll(proposal.taskId, proposer)).instance.status).toBe('APPROVED');
    out.push(await ok<Row>(clients.get(READER)!, `${resource.apiBase}/find-by-id`, { id: proposal.change.recordId }));
  }
  return out;
}

/** A stored row as a list shows it, without what the approval machinery adds (its pending change). */
const recordOf = (row: Row | undefined) => {
  if (!row) return row;
  const { pendingChange: _pending, changes: _changes, ...rest } = row;
  return rest;
};

/** The value a field reads back after a save: money may gain trailing zeros. */
const storedAs = (schema: AnyResource['fields'][string], value: unknown) =>
  schema.type === 'money' ? expect.stringMatching(new RegExp(`^${String(value).replace('.', '\\.')}0*$`)) : value;

const served = (resource: AnyResource): CrudOptions | undefined => SERVED_RESOURCES.find((s) => s.options.resource === resource)?.options;

describe.each(RESOURCES.map((r) => [r.name, r] as const))('%s', (_name, resource) => {
  const { apiBase, permissions } = resource;

  it('is read by a persona holding its list permission: page and find-by-id', async () => {
    const reader = clients.get(READER)!;
    const page = await pageOf(reader, resource);
    expect(page.total).toBeGreaterThanOrEqual(page.records.length);
    const first = page.records[0];
    const parentsBase = parentsOf.get(resource.name);
    if (first && parentsBase) {
      // A scoped list's rows are read through their parent (a ledger line has no page of its own):
      // the query permission finds the parent the list is scoped to, and the list holds its rows only.
      const [[key, parentId]] = Object.entries(await scopeOf(resource));
      expect((await ok<Row>(reader, `${parentsBase}/find-by-id`, { id: parentId })).id).toBe(parentId);
      expect(page.total).toBeGreaterThan(0);
      expect(key in resource.fields).toBe(false);
    } else if (first && permissions.query && permissions.query !== permissions.list) {
      expect((await ok<Row>(reader, `${apiBase}/find-by-id`, { id: first.id })).id).toBe(first.id);
    }
  });

  it.runIf(canCreate(resource))('is created, read, updated and removed by a persona who may (an approvable creation starts its process)', async () => {
    const writer = writerFor(permissions.add)!;
    const { body, answer } = await submit(resource, 'create', writer, 'save');
    expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
    resolved.add(resource.name);
    const saved = answer.body.data as Row;

    if (resource.approval?.create) {
      const { change, instanceId } = saved as { change: Row; instanceId: string };
      expect(change).toMatchObject({ resource: resource.name, action: 'create', processKey: resource.approval.create, status: 'RUNNING' });
      expect(instanceId).toEqual(expect.any(String));
      // Not a record until approved: only the pending creations list it.
      expect((await pageOf(writer, resource)).records.map((r) => r.id)).not.toContain(change.recordId);
      const pending = await ok<Row[]>(writer, `${apiBase}/pending-creations`, {});
      expect(pending.map((p) => p.id)).toContain(change.id);
      return;
    }

    for (const [name, schema] of writable(resource, 'create')) {
      if (body[name] === undefined || schema.sensitive || schema.type === 'richText') continue;
      expect({ name, value: saved[name] }).toEqual({
        name,
        value: schema.type === 'money' ? expect.stringMatching(new RegExp(`^${String(body[name]).replace('.', '\\.')}0*$`)) : body[name],
      });
    }
    expect(await ok<Row>(writer, `${apiBase}/find-by-id`, { id: saved.id })).toMatchObject({ id: saved.id, dataVersion: 0 });

    if (canUpdate(resource)) {
      const editor = writerFor(permissions.edit)!;
      const changes = withoutOwned(resource, withReferences(resource, validRecord(resource, 'update', next(), dictValues, saved)), saved);
      const updated = await ok<Row>(
        editor,
        `${apiBase}/update-by-id`,
        sealed(resource, editor, { ...editable(resource, saved), ...changes, id: saved.id, dataVersion: saved.dataVersion }),
      );
      expect(updated).toMatchObject({ id: saved.id, dataVersion: 1 });
    }
    const remover = writerFor(permissions.remove);
    if (remover) {
      await ok(remover, `${apiBase}/remove-by-ids`, { ids: [saved.id] });
      expect((await remover.call(`${apiBase}/find-by-id`, { json: { id: saved.id } })).body.code).toBe('NOT_FOUND');
    }
  });

  it.runIf(!resource.approval?.create && canUpdate(resource) && !canCreate(resource))(
    'is updated by a persona who may (an approvable update starts its process)',
    async () => {
      const editor = writerFor(permissions.edit)!;
      const { body, answer } = await submit(resource, 'update', editor, 'update-by-id');
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
      if (resource.approval?.update) {
        expect((answer.body.data as { change: Row }).change).toMatchObject({ resource: resource.name, action: 'update', recordId: body.id, status: 'RUNNING' });
      } else {
        expect(answer.body.data).toMatchObject({ id: body.id, dataVersion: (body.dataVersion as number) + 1 });
      }
    },
  );

  it.runIf(Boolean(resource.approval?.create) && canCreate(resource))(
    'approves a creation only at its end: rejected, withdrawn and approved on proposals it makes, no record before',
    async () => {
      const proposer = writerName(permissions.add)!;
      const writer = clients.get(proposer)!;
      const reader = clients.get(READER)!;
      const propose = async () => {
        const { body, answer } = await submit(resource, 'create', writer, 'save');
        expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
        const proposal = answer.body.data as Proposal;
        expect(proposal.change).toMatchObject({ action: 'create', status: 'RUNNING' });
        return { body, ...proposal };
      };
      const pending = async () => (await ok<Row[]>(reader, `${apiBase}/pending-creations`, {})).map((c) => c.id);
      const absent = async (proposal: Proposal) => {
        expect((await reader.call(`${apiBase}/find-by-id`, { json: { id: proposal.change.recordId } })).body.code).toBe('NOT_FOUND');
        expect((await pageOf(reader, resource)).records.map((r) => r.id)).not.toContain(proposal.change.recordId);
      };

      // Rejected by a reviewer: back at the proposer's step, still no record; closed there by the proposer.
      const rejected = await propose();
      expect(await pending()).toContain(rejected.change.id);
      const back = await review(rejected.taskId, 'REJECT', new Set([proposer]));
      expect(back.task, 'a reject returns the instance to the proposer').not.toBeNull();
      await absent(rejected);
      await ok(writer, `${WF}/tasks/complete`, { taskId: back.task!.id, outcome: 'REJECT', remark: '通用测试撤回' });
      await absent(rejected);
      expect(await pending()).not.toContain(rejected.change.id);

      // Withdrawn by its proposer before anyone acted.
      const withdrawn = await propose();
      await ok(writer, `${WF}/instances/withdraw`, { instanceId: withdrawn.instanceId, remark: '通用测试撤回' });
      await absent(withdrawn);
      expect(await pending()).not.toContain(withdrawn.change.id);

      // Approved step by step, each by another person: no record until the last pass, then the proposed one.
      const approved = await propose();
      const passed = new Set([proposer]);
      let step: Transition = { instance: { status: 'RUNNING' }, task: { id: approved.taskId }, by: proposer };
      while (step.task) {
        await absent(approved);
        step = await review(step.task.id, 'PASS', passed);
        passed.add(step.by);
      }
      expect(step.instance.status).toBe('APPROVED');
      const record = await ok<Row>(reader, `${apiBase}/find-by-id`, { id: approved.change.recordId });
      for (const [name, schema] of writable(resource, 'create')) {
        if (approved.body[name] === undefined || schema.sensitive || schema.type === 'richText') continue;
        expect({ name, value: record[name] }).toEqual({ name, value: storedAs(schema, approved.body[name]) });
      }
      expect(record.pendingChange ?? null).toBeNull();
      expect(await pending()).not.toContain(approved.change.id);
    },
  );

  it.runIf(Boolean(resource.approval?.update) && canUpdate(resource))(
    'approves an update only at its end: rejected and withdrawn the record is as it was, approved it takes the change',
    async () => {
      const proposer = writerName(permissions.edit)!;
      const writer = clients.get(proposer)!;
      const reader = clients.get(READER)!;
      await resolveReferences(resource);
      // Rows to propose on: this case's own when the demo world holds none without a change pending.
      if ((await pageOf(reader, resource)).records.filter((r) => !r.pendingChange).length < 3) {
        for (let i = 0; i < 2; i += 1) await freshRows(resource);
      }
      const rowOf = async (id: string) => (await pageOf(reader, resource)).records.find((r) => r.id === id);
      const propose = async () => {
        const before = new Map((await pageOf(reader, resource)).records.map((r) => [r.id as string, recordOf(r)]));
        const { answer } = await submit(resource, 'update', writer, 'update-by-id');
        expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
        const proposal = answer.body.data as Proposal;
        expect(proposal.change).toMatchObject({ action: 'update', status: 'RUNNING' });
        expect(Object.keys(proposal.change.proposed).length, 'an update proposes what differs').toBeGreaterThan(0);
        const was = before.get(proposal.change.recordId);
        expect(was, 'the updated record was listed').toBeDefined();
        return { ...proposal, was: was! };
      };
      const unchanged = async (p: { change: Proposal['change']; was: Row }) => expect(recordOf(await rowOf(p.change.recordId))).toEqual(p.was);

      const rejected = await propose();
      await unchanged(rejected);
      const back = await review(rejected.taskId, 'REJECT', new Set([proposer]));
      expect(back.task, 'a reject returns the instance to the proposer').not.toBeNull();
      await unchanged(rejected);
      await ok(writer, `${WF}/tasks/complete`, { taskId: back.task!.id, outcome: 'REJECT', remark: '通用测试撤回' });
      await unchanged(rejected);
      expect((await rowOf(rejected.change.recordId))!.pendingChange ?? null).toBeNull();

      const withdrawn = await propose();
      await ok(writer, `${WF}/instances/withdraw`, { instanceId: withdrawn.instanceId, remark: '通用测试撤回' });
      await unchanged(withdrawn);

      const approved = await propose();
      const passed = new Set([proposer]);
      let step: Transition = { instance: { status: 'RUNNING' }, task: { id: approved.taskId }, by: proposer };
      while (step.task) {
        await unchanged(approved);
        step = await review(step.task.id, 'PASS', passed);
        passed.add(step.by);
      }
      expect(step.instance.status).toBe('APPROVED');
      const after = (await rowOf(approved.change.recordId))!;
      expect(after.dataVersion).toBe((approved.was.dataVersion as number) + 1);
      for (const [name, value] of Object.entries(approved.change.proposed)) {
        const schema = resource.fields[name];
        if (!schema || schema.sensitive || schema.type === 'richText') continue;
        expect({ name, value: after[name] }).toEqual({ name, value: storedAs(schema, value) });
      }
    },
  );

  it('refuses every write to the auditor on the server, and changes nothing', async () => {
    const auditor = clients.get(READER)!;
    await resolveReferences(resource);
    const before = await pageOf(auditor, resource);
    const row = before.records[0] ?? { id: 'none', dataVersion: 0 };
    const writes: Array<[string | undefined, string, Row]> = [
      [permissions.add, 'save', withReferences(resource, validRecord(resource, 'create', next(), dictValues, row))],
      [permissions.edit, 'update-by-id', { ...row }],
      [permissions.remove, 'remove-by-ids', { ids: [row.id] }],
      // The operation log's export is the auditor's by grant (an audit takes its evidence away); it changes nothing.
      [resource.name === 'operation-logs' ? undefined : permissions.export, 'export', await scopeOf(resource)],
      ...Object.entries(resource.actions ?? {}).map(([name, action]): [string, string, Row] => [
        action.permission,
        name,
        { id: row.id, dataVersion: row.dataVersion },
      ]),
    ];
    for (const [permission, call, body] of writes) {
      if (!permission) continue;
      expect(hasPermission(perms.get(READER)!, permission), permission).toBe(false);
      const answer = await auditor.call(`${apiBase}/${call}`, { json: sealed(resource, auditor, body) });
      expect({ call, ...refusal(answer) }).toMatchObject({ call, status: 403, code: 'FORBIDDEN' });
    }
    const after = await pageOf(auditor, resource);
    expect(after.total).toBe(before.total);
    expect(after.records.map((r) => [r.id, r.dataVersion])).toEqual(before.records.map((r) => [r.id, r.dataVersion]));
  });

  const uniques = writable(resource, 'create').filter(([, s]) => s.unique && !s.sensitive);
  it.runIf(canCreate(resource) && uniques.length > 0)('answers DUPLICATE on every unique field, naming the field', async () => {
    const writer = writerFor(permissions.add)!;
    await resolveReferences(resource);
    for (const [name] of uniques) {
      // A value a record holds already: the demo world's, or one just created (an approvable
      // creation's proposal, its record only once approved).
      let holder = (await pageOf(writer, resource)).records.find((r) => r[name] !== null && r[name] !== undefined);
      if (!holder) {
        const { answer } = await submit(resource, 'create', writer, 'save');
        expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
        const created = answer.body.data as Row;
        holder = resource.approval?.create ? (created.change as { proposed: Row }).proposed : created;
      }
      expect(holder[name], `${resource.name}.${name}: the holder's value`).toEqual(expect.anything());
      // A record like the holder (what one key demands of its value holds: a parameter's JSON),
      // its other unique fields fresh: only this one collides.
      const like = Object.fromEntries(
        writable(resource, 'create')
          .filter(([n, s]) => !s.unique && !s.sensitive && holder![n] !== null && holder![n] !== undefined)
          .map(([n]) => [n, holder![n]]),
      );
      const body = { ...(await validBody(resource, 'create')), ...like, [name]: holder[name] };
      const answer = await writer.call(`${apiBase}/save`, { json: sealed(resource, writer, body) });
      expect(refusal(answer)).toEqual({
        status: 200,
        code: 'DUPLICATE',
        message: translate('server:crud.duplicate', { field: translate(resource.fields[name].label) }),
        field: name,
      });
    }
  });

  const mode = ruleMode(resource);
  const breakers = mode ? writable(resource, mode).flatMap(([name, schema]) => breakersOf(name, schema)) : [];
  it.runIf(breakers.length > 0)('refuses each declared field rule with its message under the field, changing nothing', async () => {
    const writer = (mode === 'create' ? writerFor(permissions.add) : writerFor(permissions.edit))!;
    const call = mode === 'create' ? 'save' : 'update-by-id';
    await resolveReferences(resource);
    const before = (await pageOf(writer, resource)).total;
    for (const breaker of breakers) {
      const body = { ...(await validBody(resource, mode!)), [breaker.field]: breaker.value };
      const answer = await writer.call(`${apiBase}/${call}`, { json: sealed(resource, writer, body) });
      expect({ rule: breaker.rule, ...refusal(answer) }).toEqual({
        rule: breaker.rule,
        status: 200,
        code: 'VALIDATION_FAILED',
        message: breaker.message,
        field: breaker.field,
      });
    }
    expect((await pageOf(writer, resource)).total).toBe(before);
  });

  it.runIf(writerName(permissions.export) !== undefined)('exports its list as an .xlsx job holding every listed row', async (context) => {
    const exporter = writerFor(permissions.export)!;
    const made = await freshRows(resource);
    const { total, records } = await pageOf(exporter, resource);
    // Rows made here must be among those exported; a list nobody here may add to is exported as the demo world holds it.
    for (const row of made) expect(records.map((r) => r.id)).toContain(row.id);
    if (!total) return context.skip(`${resource.name}: no row to export (the demo world holds none, and no persona here may create one)`);
    const started = await ok<Row>(exporter, `${apiBase}/export`, await scopeOf(resource));
    expect(started).toMatchObject({ status: 'PROCESSING', resourceName: resource.name });
    const record = await exportFinished(exporter, started.id as string);
    expect(record).toMatchObject({ status: 'SUCCESS', rowCount: total });
  });

  const sortable = Object.entries(resource.fields).filter(([, s]) => s.sortable);
  it.runIf(sortable.length > 0)('sorts by every sortable column: ORDER BY puts it first, and the rows follow it', async (context) => {
    const reader = clients.get(READER)!;
    const options = served(resource);
    // Two rows of different values, so each column has an order to get wrong.
    const made = await freshRows(resource);
    if (!made.length && (await pageOf(reader, resource)).total < 2)
      return context.skip(`${resource.name}: fewer than two rows to sort (the demo world holds fewer, and no persona here may create one)`);
    let ordered = 0;
    for (const [name, schema] of sortable) {
      // A reference column sorts by the record it names (its label, as the list shows it), not by the id.
      const shown = schema.type === 'reference' ? referenceLabelKey(name) : name;
      const sortValue = (v: unknown) => (Array.isArray(v) ? v.join('、') : v);
      for (const order of ['asc', 'desc'] as const) {
        if (options) {
          // The clicked column leads the server's ORDER BY, the default sort only breaks ties.
          const [first] = orderOf(resource, columnsOf(options.table), { orderBy: [{ field: name, order }] });
          // A single reference leads with the referenced label read through its column: `(select … = "col") asc`.
          const column = `"${columnsOf(options.table)[name].name}"${schema.type === 'reference' ? '\\)' : ''}`;
          expect(new PgDialect().sqlToQuery(first).sql).toMatch(new RegExp(`${column} ${order}`));
        }
        const records = (await pageOf(reader, resource, { orderBy: [{ field: name, order }] })).records;
        const rows = records.map((r) => sortValue(r[shown]));
        const values = rows.filter((v) => v !== null && v !== undefined);
        // Every row made here that holds a value in this column (not one only an action sets: a pin time) is among them.
        const held = made.filter((m) => m[name] !== null && m[name] !== undefined).length;
        expect(values.length, `${resource.name}.${name}: rows holding a value to sort by`).toBeGreaterThanOrEqual(held);
        const sorted = [...values].sort((a, b) => (order === 'asc' ? compare(a, b) : compare(b, a)));
        expect({ name, order, values }).toEqual({ name, order, values: sorted });
        // The rows made here, where their values differ, come in the column's order.
        const [a, b] = made.map((m) => records.find((r) => r.id === m.id));
        if (a && b && a[shown] != null && b[shown] != null && compare(sortValue(a[shown]), sortValue(b[shown])) !== 0) {
          const first = compare(sortValue(a[shown]), sortValue(b[shown])) < 0 === (order === 'asc') ? a : b;
          const at = (row: Row) => records.indexOf(row);
          expect({ name, order, first: first.id }).toEqual({ name, order, first: at(a) < at(b) ? a.id : b.id });
          ordered += 1;
        }
      }
    }
    // At least one column set the two rows made here apart, and put them in its order.
    if (made.length) expect(ordered, `${resource.name}: no sortable column tells the two rows made here apart`).toBeGreaterThan(0);
  });

  const searchable = Object.entries(resource.fields).filter(([, s]) => s.search);
  it.runIf(searchable.length > 0)('filters by every search field', async (context) => {
    // The admin reads every row (export records are each user's own: the admin's exports above).
    const reader = clients.get('op_admin')!;
    if (canCreate(resource) && !resource.approval?.create) {
      const writer = writerFor(permissions.add)!;
      const { answer } = await submit(resource, 'create', writer, 'save');
      expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: '0' });
    }
    const all = (await pageOf(reader, resource)).records;
    // Rows only another flow makes (real-name applications, an approvable creation once approved),
    // when the demo world holds none: nothing to filter, and the skip says so.
    if (!all.length)
      return context.skip(`${resource.name}: no record to filter (the demo world holds none, and a creation here is a proposal or another flow's)`);
    for (const [name, schema] of searchable) {
      const holder = all.find(
        (r) => r[name] !== null && r[name] !== undefined && r[name] !== '' && !(Array.isArray(r[name]) && !(r[name] as unknown[]).length),
      );
      expect(holder, `${resource.name}.${name}: no row holds a value to search by (the demo world should)`).toBeDefined();
      const value = holder![name];
      if (schema.search === 'range') {
        const hit = await pageOf(reader, resource, { [`${name}Start`]: value, [`${name}End`]: value });
        expect(hit.records.map((r) => r.id)).toContain(holder!.id);
        for (const r of hit.records) expect(r[name]).toBe(value);
        expect((await pageOf(reader, resource, { [`${name}Start`]: schema.type === 'date' ? '2999-01-01' : '2999-01-01T00:00:00.000Z' })).total).toBe(0);
      } else if (schema.search === 'contains') {
        // A reference is searched by the label the row shows (<field>Label), not by its id.
        const shown = schema.type === 'reference' ? referenceLabelKey(name) : name;
        const text = String(holder![shown]);
        const part = text.length > 2 ? text.slice(1, Math.min(text.length - 1, 5)) : text;
        const hit = await pageOf(reader, resource, { [name]: part });
        expect(hit.records.map((r) => r.id)).toContain(holder!.id);
        for (const r of hit.records) expect(String(r[shown]).toLowerCase()).toContain(part.toLowerCase());
        expect((await pageOf(reader, resource, { [name]: `${text}无此值` })).total).toBe(0);
      } else {
        const one = Array.isArray(value) ? value[0] : value;
        const hit = await pageOf(reader, resource, { [name]: one });
        expect(hit.records.map((r) => r.id)).toContain(holder!.id);
        for (const r of hit.records) expect(Array.isArray(r[name]) ? r[name] : [r[name]]).toContain(one);
        expect(hit.total).toBeLessThanOrEqual(all.length === 500 ? Infinity : all.length);
      }
    }
  });
});

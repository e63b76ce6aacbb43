/**
 * What an operation-log entry's ids and codes name (issue 38 item 2): an entry keeps the ids a write
 * touched (a role's menuIds and permission codes, a bill's instanceId, a request's accountId …), and a
 * reader needs the records they name. Read when the entry is answered, in the reader's language, and
 * answered beside it as `names`: field → id → name. Nothing is stored: a name read now follows a
 * renaming, and an entry written before this existed is named as well. An id whose record is gone
 * has no name (the screen then shows the id).
 *
 * Where a name comes from:
 * - a role's grants: the grant tree the role form shows (menus by their titles, a button as its
 *   menu's title and the action's label), so the entry reads as the form did;
 * - a declared resource's reference fields: the kit's own labels (server/crud/references.ts);
 * - other ids, by the field's name: FIELD_NAMES below (a person, a corporation, a group unit, a
 *   quota account, a process instance's business number, a bill, a note, a file …);
 * - the entry's own record (names.recordId): RECORD_NAMES, else the naming column of the table the
 *   kit serves the resource from.
 * tests/server/operation-log-names.test.ts fails on an id field of a logged entry that none of these names.
 */
import { eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { referenceFieldsOf, servedTableOf, withReferenceLabels } from '../crud/references';
import type { Row } from '../crud/types';
import { referenceLabelKey, type AnyResource } from '../../src/crud/resource';
import { permissionAction } from '../../src/lib/permissions';
import { PLATFORM_GRANTOR } from '../../src/lib/quotas';
import { roleResource, type GrantTreeNode } from '../../src/resources/staff';
import type { Db } from '../db/open';
import {
  absPackages,
  agreementTemplates,
  bills,
  corpBankAccounts,
  corporations,
  creditNotes,
  financingApplications,
  groupUnits,
  products,
  quotaAccounts,
  auditRules,
  certificates,
  realnameRecords,
  roles,
  storedFiles,
  supportConversations,
  users,
  workflowInstances,
} from '../db/schema';
import { hasMessage, renderStored, translate } from '../i18n';
import { RESOURCES, findResource } from '../resources/registry';
import { grantTree } from '../staff';

/** field → id (or code) → the name a reader reads. */
export type EntryNames = Record<string, Record<string, string>>;

type Lookup = (db: Db, ids: string[]) => Promise<Array<readonly [string, string]>>;

const corporationNames: Lookup = async (db, ids) =>
  (await db.select({ id: corporations.id, name: corporations.corpName }).from(corporations).where(inArray(corporations.id, ids))).map((r) => [r.id, r.name]);

/** A group unit by its own name, or the corporation it stands for. */
const unitNames: Lookup = async (db, ids) =>
  (
    await db
      .select({ id: groupUnits.id, name: sql<string>`coalesce(${groupUnits.ownName}, ${corporations.corpName})` })
      .from(groupUnits)
      .leftJoin(corporations, eq(corporations.id, groupUnits.corpId))
      .where(inArray(groupUnits.id, ids))
  ).map((r) => [r.id, r.name]);

const personNames: Lookup = async (db, ids) =>
  (await db.select({ id: users.id, name: users.personName }).from(users).where(inArray(users.id, ids))).map((r) => [r.id, r.name]);

const fileNames: Lookup = async (db, ids) =>
  (await db.select({ id: storedFiles.id, name: storedFiles.originalName }).from(storedFiles).where(inArray(storedFiles.id, ids))).map((r) => [r.id, r.name]);

/** The platform, or the granting corporation (a quota's grantor). */
const grantorNames: Lookup = async (db, ids) => [
  ...(ids.includes(PLATFORM_GRANTOR) ? [[PLATFORM_GRANTOR, translate('quotas:platformGrantor')] as const] : []),
  ...(await corporationNames(
    db,
    ids.filter((id) => id !== PLATFORM_GRANTOR),
  )),
];

/**
 * A quota account by the unit holding it and its grantor ("第一分公司 · 招商银行"): one statement, the unit's name and the
 * grantor's joined (it was three in a row, the account, then its units and its grantors, on every operation-log page).
 */
const quotaAccountNames: Lookup = async (db, ids) => {
  const unitCorp = alias(corporations, 'unit_corp');
  const grantor = alias(corporations, 'grantor_corp');
  const rows = await db
    .select({
      id: quotaAccounts.id,
      unit: sql<string | null>`coalesce(${groupUnits.ownName}, ${unitCorp.corpName})`,
      grantorId: quotaAccounts.grantorId,
      grantor: grantor.corpName,
    })
    .from(quotaAccounts)
    .leftJoin(groupUnits, eq(groupUnits.id, quotaAccounts.unitId))
    .leftJoin(unitCorp, eq(unitCorp.id, groupUnits.corpId))
    .leftJoin(grantor, eq(grantor.id, quotaAccounts.grantorId))
    .where(inArray(quotaAccounts.id, ids));
  const platform = translate('quotas:platformGrantor');
  return rows.map((r) => [r.id, [r.unit, r.grantorId === PLATFORM_GRANTOR ? platform : r.grantor].filter(Boolean).join(' · ')]);
};

/** A process instance by its record's number or name, in the reader's language where it was kept as a key. */
const instanceNames: Lookup = async (db, ids) =>
  (
    await db
      .select({ id: workflowInstances.id, no: workflowInstances.businessNo, ref: workflowInstances.businessNoRef })
      .from(workflowInstances)
      .where(inArray(workflowInstances.id, ids))
  )
    .filter((r) => r.no)
    .map((r) => [r.id, renderStored(r.no!, r.ref)]);

const bankAccountNames: Lookup = async (db, ids) =>
  (
    await db
      .select({ id: corpBankAccounts.id, bank: corpBankAccounts.bankName, branch: corpBankAccounts.branchName, name: corpBankAccounts.accountName })
      .from(corpBankAccounts)
      .where(inArray(corpBankAccounts.id, ids))
  ).map(
    // The account number is sealed (a sensitive value): the bank and the holder name the account.
    (r) => [r.id, [r.bank, r.branch, r.name].filter(Boolean).join(' · ')],
  );

const templateNames: Lookup = async (db, ids) =>
  (
    await db
      .select({ id: agreementTemplates.id, name: agreementTemplates.templateName, version: agreementTemplates.version })
      .from(agreementTemplates)
      .where(inArray(agreementTemplates.id, ids))
  ).map((r) => [r.id, `${r.name} v${r.version}`]);

/** An audit rule by its name (a shipped rule's name is a locale key, one an operator wrote is text). */
const auditRuleNames: Lookup = async (db, ids) =>
  (await db.select({ id: auditRules.id, definition: auditRules.definition }).from(auditRules).where(inArray(auditRules.id, ids))).map((r) => [
    r.id,
    r.definition.nameKey ? translate(`auditRules:${r.definition.nameKey}`) : (r.definition.name ?? r.id),
  ]);

/** A person by the username a record keeps (an audit-rule exception's requester and approver). */
const namesOfUsernames: Lookup = async (db, usernames) =>
  (await db.select({ username: users.username, name: users.personName }).from(users).where(inArray(users.username, usernames))).map((r) => [
    r.username,
    r.name,
  ]);

/** An exception's subject: a person or a role (its subjectType says which; the ids never collide). */
const personOrRoleNames: Lookup = async (db, ids) => [
  ...(await personNames(db, ids)),
  ...(await db.select({ id: roles.pkRole, name: roles.roleName }).from(roles).where(inArray(roles.pkRole, ids))).map((r) => [r.id, r.name] as const),
];

/**
 * Ids named by the field that holds them, wherever it is logged. A field here names one kind of
 * record in every resource that logs it (corpId is a corporation's id everywhere).
 */
const FIELD_NAMES: Readonly<Record<string, Lookup>> = {
  corpId: corporationNames,
  coreCorpId: corporationNames,
  supplierCorpId: corporationNames,
  financeCorpId: corporationNames,
  grantorCorpId: corporationNames,
  holderCorpId: corporationNames,
  grantorId: grantorNames,
  unitId: unitNames,
  payerUnitId: unitNames,
  parentUnitId: unitNames,
  accountId: quotaAccountNames,
  quotaAccountId: quotaAccountNames,
  instanceId: instanceNames,
  reviewerId: personNames,
  userId: personNames,
  uploaderId: personNames,
  settlementAccountId: bankAccountNames,
  bankAccountId: bankAccountNames,
  evidenceFileId: fileNames,
  certificateFileId: fileNames,
  fileId: fileNames,
  ruleId: auditRuleNames,
  materialInstanceId: instanceNames,
  groupId: unitNames,
  creatorId: personNames,
  licenceFileId: fileNames,
  coverFileId: fileNames,
  noteIds: async (db, ids) =>
    (await db.select({ id: creditNotes.id, name: creditNotes.noteNo }).from(creditNotes).where(inArray(creditNotes.id, ids))).map((r) => [r.id, r.name]),
  certificateId: async (db, ids) =>
    (
      await db
        .select({ id: certificates.id, no: certificates.serialNo, holder: certificates.holderCorpName })
        .from(certificates)
        .where(inArray(certificates.id, ids))
    ).map((r) => [r.id, [r.holder, r.no].filter(Boolean).join(' ')]),
  realnameRecordId: async (db, ids) =>
    (await db.select({ id: realnameRecords.id, name: realnameRecords.corpName }).from(realnameRecords).where(inArray(realnameRecords.id, ids))).map((r) => [
      r.id,
      r.name,
    ]),
  menuId: async (db, ids) => (await recordNamesOf('menus')?.(db, ids)) ?? [],
  subjectId: personOrRoleNames,
  requestedBy: namesOfUsernames,
  approvedBy: namesOfUsernames,
  templateId: templateNames,
  templateVersionIds: templateNames,
  billId: async (db, ids) => (await db.select({ id: bills.id, name: bills.billNo }).from(bills).where(inArray(bills.id, ids))).map((r) => [r.id, r.name]),
  noteId: async (db, ids) =>
    (await db.select({ id: creditNotes.id, name: creditNotes.noteNo }).from(creditNotes).where(inArray(creditNotes.id, ids))).map((r) => [r.id, r.name]),
  conversationId: async (db, ids) =>
    (
      await db
        .select({ id: supportConversations.id, name: supportConversations.subject })
        .from(supportConversations)
        .where(inArray(supportConversations.id, ids))
    ).map((r) => [r.id, r.name]),
  productId: async (db, ids) =>
    (await db.select({ id: products.id, name: products.prdName }).from(products).where(inArray(products.id, ids))).map((r) => [r.id, r.name]),
  packageId: async (db, ids) =>
    (
      await db.select({ id: absPackages.id, no: absPackages.packageNo, name: absPackages.packageName }).from(absPackages).where(inArray(absPackages.id, ids))
    ).map((r) => [r.id, `${r.no} ${r.name}`]),
  financingApplicationId: async (db, ids) =>
    (
      await db
        .select({ id: financingApplications.id, name: financingApplications.applicationNo })
        .from(financingApplications)
        .where(inArray(financingApplications.id, ids))
    ).map((r) => [r.id, r.name]),
};

/** Fields whose names end in Id but hold a value, not a record's id: shown as they are. */
export const VALUES_NOT_IDS: ReadonlySet<string> = new Set([
  // An invoice title's taxpayer identification number (纳税人识别号).
  'taxId',
]);

/** The fields of a role's entry that hold grants: named from the grant tree. */
const GRANT_FIELDS = ['menuIds', 'permissions'] as const;

/**
 * An entry's own record (its recordId), by the resource that logged it: the records whose routes are
 * their own, and (below) any resource the kit serves, by the first naming column its table has.
 */
const RECORD_NAMES: Readonly<Record<string, Lookup>> = {
  'workflow-instances': instanceNames,
  roles: async (db, ids) =>
    (await db.select({ id: roles.pkRole, name: roles.roleName }).from(roles).where(inArray(roles.pkRole, ids))).map((r) => [r.id, r.name]),
  staffs: personNames,
  bills: FIELD_NAMES.billId,
  'credit-notes': FIELD_NAMES.noteId,
  'support-conversations': FIELD_NAMES.conversationId,
  'financing-applications': FIELD_NAMES.financingApplicationId,
  'abs-packages': FIELD_NAMES.packageId,
  'group-units': unitNames,
};

/** The columns that name a record, most telling first: a table's first one of them names its records. */
const NAMING_COLUMNS = [
  'corpName',
  'roleName',
  'prdName',
  'templateName',
  'packageName',
  'applicationNo',
  'billNo',
  'noteNo',
  'registrationNo',
  'title',
  'subject',
  'dictLabel',
  'dictName',
  'configName',
  'postName',
  'orgName',
  'menuName',
  'personName',
];

function servedRecordNames(resource: string): Lookup | undefined {
  const table = servedTableOf(resource);
  if (!table) return undefined;
  const columns = getTableColumns(table);
  const label = NAMING_COLUMNS.find((name) => Object.hasOwn(columns, name));
  if (!label || !columns.id) return undefined;
  return async (db, ids) =>
    (await db.select({ id: columns.id, name: columns[label] }).from(table).where(inArray(columns.id, ids))).map((r) => [String(r.id), String(r.name)]);
}

/** Kept per resource, so that one lookup is one function: the page merges the ids of every field and resource it serves. */
const servedLookups = new Map<string, Lookup | undefined>();
const recordNamesOf = (resource: string): Lookup | undefined => {
  if (RECORD_NAMES[resource]) return RECORD_NAMES[resource];
  if (!servedLookups.has(resource)) servedLookups.set(resource, servedRecordNames(resource));
  return servedLookups.get(resource);
};

/** Whether FIELD_NAMES or the grant tree names this field of this resource's entries (the names test's question). */
/** Fields that name another record of the entry's own resource (a tree's parent): named by that resource's lookup. */
const OWN_RESOURCE_FIELDS: ReadonlySet<string> = new Set(['parentId']);

export const namesField = (resource: string, field: string): boolean =>
  Object.hasOwn(FIELD_NAMES, field) ||
  (OWN_RESOURCE_FIELDS.has(field) && recordNamesOf(resource) !== undefined) ||
  (resource === roleResource.name && (GRANT_FIELDS as readonly string[]).includes(field));

const isRecord = (value: unknown): value is Row => value !== null && typeof value === 'object' && !Array.isArray(value);

const idsIn = (value: unknown): string[] => (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

/** Menus by their titles and buttons as "menu title · action", as the role form's tree shows them now. */
async function grantNames(db: Db): Promise<{ menuIds: Map<string, string>; permissions: Map<string, string> }> {
  const menuIds = new Map<string, string>();
  const permissions = new Map<string, string>();
  const actionLabel = (permission: string) => {
    const action = permissionAction(permission);
    const key = `staff:role.actions.${action}`;
    return hasMessage(key) ? translate(key) : action;
  };
  const walk = (nodes: readonly GrantTreeNode[], parentTitle: string) => {
    for (const node of nodes) {
      if (node.kind === 'menu') menuIds.set(node.value, node.title);
      if (node.kind === 'button') permissions.set(node.value, `${parentTitle} · ${actionLabel(node.value)}`);
      if (node.children) walk(node.children, node.title);
    }
  };
  walk(await grantTree(db, RESOURCES), '');
  return { menuIds, permissions };
}

/**
 * The entries with `names` beside them: for each entry, every id its before and after hold in a
 * field this module can name, mapped to the name. Lookups are batched over the entries given (a page).
 */
export async function withEntryNames(db: Db, rows: Row[]): Promise<Row[]> {
  const wanted = new Map<string, Set<string>>();
  const want = (field: string, ids: string[]) => {
    if (!ids.length) return;
    const set = wanted.get(field) ?? new Set<string>();
    for (const id of ids) set.add(id);
    wanted.set(field, set);
  };
  let roleEntries = false;
  for (const row of rows) {
    for (const values of [row.before, row.after]) {
      if (!isRecord(values)) continue;
      for (const [field, value] of Object.entries(values)) if (Object.hasOwn(FIELD_NAMES, field)) want(field, idsIn(value));
      if (row.resource === roleResource.name && GRANT_FIELDS.some((field) => Object.hasOwn(values, field))) roleEntries = true;
    }
  }
  // Each entry's own record, by its resource's lookup (one query per resource on the page).
  const byResource = new Map<string, Set<string>>();
  // A declared resource's references, labelled by the kit (its screens' labels): one batch per resource, not one per entry.
  const referenced = new Map<AnyResource, Row[]>();
  for (const row of rows) {
    if (typeof row.resource !== 'string') continue;
    const ids = byResource.get(row.resource) ?? new Set<string>();
    if (typeof row.recordId === 'string') ids.add(row.recordId);
    // A parent is a record of the same resource: named by the same lookup.
    for (const values of [row.before, row.after]) {
      if (isRecord(values)) for (const field of OWN_RESOURCE_FIELDS) for (const id of idsIn(values[field])) ids.add(id);
    }
    if (ids.size) byResource.set(row.resource, ids);
    const declared = findResource(row.resource);
    const references = declared ? referenceFieldsOf(declared).map(([field]) => field) : [];
    for (const values of [row.before, row.after]) {
      if (declared && isRecord(values) && references.some((field) => Object.hasOwn(values, field))) {
        const list = referenced.get(declared) ?? [];
        list.push(values);
        referenced.set(declared, list);
      }
    }
  }
  // One statement per lookup, not per field or resource: the fields that name the same kind of record (unitId, payerUnitId,
  // groupId …; noteId and the notes' own entries) share their lookup, so their ids are read together. The lookups do not
  // depend on each other: asked at once (on PostgreSQL each on a pooled connection of its own, so a page costs its slowest
  // lookup, not their sum; month end measured 15-20 round trips one after another here).
  const idsByLookup = new Map<Lookup, Set<string>>();
  const ask = (lookup: Lookup, ids: Iterable<string>) => {
    const set = idsByLookup.get(lookup) ?? new Set<string>();
    for (const id of ids) set.add(id);
    idsByLookup.set(lookup, set);
  };
  for (const [field, ids] of wanted) ask(FIELD_NAMES[field], ids);
  for (const [resource, ids] of byResource) {
    const lookup = recordNamesOf(resource);
    if (lookup) ask(lookup, ids);
  }
  const [answers, grants, labelled] = await Promise.all([
    Promise.all([...idsByLookup].map(async ([lookup, ids]) => [lookup, new Map(await lookup(db, [...ids]))] as const)).then((pairs) => new Map(pairs)),
    roleEntries ? grantNames(db) : null,
    Promise.all(
      [...referenced].map(async ([declared, list]) => {
        const withLabels = await withReferenceLabels(db, declared, list);
        return list.map((values, index) => [values, withLabels[index]] as const);
      }),
    ).then((pairs) => new Map<Row, Row>(pairs.flat())),
  ]);
  const found = new Map([...wanted.keys()].map((field) => [field, answers.get(FIELD_NAMES[field])] as const));
  const records = new Map<string, Map<string, string> | undefined>();
  for (const resource of byResource.keys()) {
    const lookup = recordNamesOf(resource);
    if (lookup) records.set(resource, answers.get(lookup));
  }

  const named: Row[] = [];
  for (const row of rows) {
    const names: EntryNames = {};
    const add = (field: string, id: string, name: string | null | undefined) => {
      if (typeof name !== 'string' || name === '') return;
      (names[field] ??= {})[id] = name;
    };
    if (typeof row.recordId === 'string') add('recordId', row.recordId, records.get(String(row.resource))?.get(row.recordId));
    const declared = typeof row.resource === 'string' ? findResource(row.resource) : undefined;
    const references = declared ? referenceFieldsOf(declared).map(([field]) => field) : [];
    for (const values of [row.before, row.after]) {
      if (!isRecord(values)) continue;
      for (const [field, value] of Object.entries(values)) {
        for (const id of idsIn(value)) {
          add(field, id, OWN_RESOURCE_FIELDS.has(field) ? records.get(String(row.resource))?.get(id) : found.get(field)?.get(id));
          if (grants && row.resource === roleResource.name && (field === 'menuIds' || field === 'permissions')) add(field, id, grants[field].get(id));
        }
      }
      // A declared resource's references: the kit's own labels, as its screens show them.
      const withLabels = labelled.get(values);
      if (withLabels) {
        for (const field of references) {
          const ids = idsIn(values[field]);
          const labels = withLabels[referenceLabelKey(field)];
          ids.forEach((id, index) => add(field, id, (Array.isArray(labels) ? labels[index] : labels) as string | null | undefined));
        }
      }
    }
    named.push({ ...row, names });
  }
  return named;
}

/**
 * A resource declaration: the one description of a CRUD resource that both sides read. It is pure
 * data (no React), so the server's generic CRUD routes take their permission strings and field
 * schema from the same object the browser's list, form and show pages are built from.
 */
import { ALL_PERMISSIONS } from '../lib/all-permissions';
import type { ValidatorName } from '../lib/validators';

/**
 * 'richText': HTML written in the rich-text editor, sanitised by the shared content policy
 * (src/lib/html-policy.ts) on the server when saved and in the browser when shown.
 * 'image': the id of one uploaded image (the file service), chosen with an upload control and shown
 * as a thumbnail; the server refuses an id that names no stored image.
 * 'money': an amount, `numeric` in the table and a decimal string on the wire, never a float; its
 * digits are `money` (default spec 5.4's amount: 14 integer digits, 2 decimals).
 * 'reference': the id of a record of another declared resource (`reference`), a uuid column with a
 * foreign key; chosen in a searchable picker, shown everywhere by that record's current label.
 */
/** 'date' is a calendar day (YYYY-MM-DD, a `date` column): a due or start date, with no time and no zone. */
export type FieldType = 'string' | 'text' | 'integer' | 'money' | 'boolean' | 'datetime' | 'date' | 'dict' | 'richText' | 'image' | 'reference';

/**
 * What a 'reference' field points at. The record is named by id, never by a copy of its name, so a
 * renaming shows at once wherever it is referenced; answers carry the label beside the id
 * (`<field>Label`, referenceLabelKey) so one page call renders a row.
 */
export interface ReferenceDeclaration {
  /** The referenced resource's declared `name`: the picker pages its list call, the server checks ids against its table and list scope. */
  resource: string;
  /** The referenced resource's field that names a record (a 'string' field it searches with 'contains'). */
  labelField: string;
  /**
   * Which of its records may be chosen, as filters of its list call on its declared search fields
   * (e.g. `{ corpTypes: CORP_TYPE.core }`: core enterprises only). The picker sends them; the server applies
   * the same filters when it checks a saved id, so a record outside them is refused.
   */
  filter?: Readonly<Record<string, string | boolean>>;
  /** Locale key naming the records that may be chosen (核心企业), for the refusal of one outside them; the referenced resource's title when absent. */
  filterLabel?: string;
}

/** The answer key holding a reference field's current label, beside its id. */
export const referenceLabelKey = (name: string) => `${name}Label`;

/** How a field filters the page call (PROTOCOL.md §7): exact value, substring, or a Start/End range. */
export type SearchMode = 'eq' | 'contains' | 'range';

/** The process that alone changes a field, and the locale key of the place an operator does it. */
export interface FieldOwner {
  process: string;
  /** e.g. 'corporateChanges:renaming.title' (企业自主更名). */
  where: string;
  /**
   * Owned only for the records this holds for: the record's `field` is `value` or, a list, holds it.
   * A core enterprise's legal person is registered through 核心企业准入; an ordinary corporation's is
   * plain data of 企业管理. `records` is the locale key naming those records (核心企业) in the refusal and the hint.
   */
  onlyFor?: { field: string; value: string; records: string };
}

/** Whether the owner holds the field on this record (as stored, or as a write would leave it): always, without a record condition. */
export const ownsRecord = (owner: FieldOwner, ...records: ReadonlyArray<Readonly<Record<string, unknown>> | undefined>): boolean => {
  const only = owner.onlyFor;
  if (!only) return true;
  return records.some((record) => {
    const value = record?.[only.field];
    return Array.isArray(value) ? value.includes(only.value) : value === only.value;
  });
};

/**
 * Whether a resource's edit may change the field: it is not owned, or owned by the process that approves
 * this resource's updates. With a record, an owner bound to some records (FieldOwner.onlyFor) counts only for them.
 */
export const ownedElsewhere = (
  schema: Pick<FieldSchema, 'ownedBy'>,
  resource: { approval?: { update?: string } },
  record?: Readonly<Record<string, unknown>>,
): boolean => !!schema.ownedBy && schema.ownedBy.process !== resource.approval?.update && (record === undefined || ownsRecord(schema.ownedBy, record));

export interface FieldSchema {
  type: FieldType;
  /** Locale key of the field's label, e.g. 'resources:dictType.fields.dictName'. */
  label: string;
  required?: boolean;
  /** Text length bounds, counted after trimming. */
  minLength?: number;
  maxLength?: number;
  /** A pattern the text must match, and the locale key of the message shown when it does not. */
  pattern?: { source: string; flags?: string; message: string };
  /** Numeric range of an 'integer' or 'money' field, inclusive. */
  min?: number;
  max?: number;
  /** Digits of a 'money' field (spec 5.4). */
  money?: { integer: number; decimal: number };
  /** A shared validator of src/lib/validators, applied on both sides. */
  validator?: ValidatorName;
  /** For type 'dict': the dictionary type whose items label the values (and tag colours). */
  dictType?: string;
  /**
   * Several values, a string array on the wire. For type 'dict', a text[] column (its `eq` search
   * matches a record holding the value); for type 'reference', several records, stored one row each
   * in a link table with a key to each side (the server's CrudOptions.links names it), answered as
   * the ids in the order picked with their current labels in `<field>Label`.
   */
  multiple?: boolean;
  /** For type 'reference': the resource referenced, its label field and which records may be chosen. Its `contains` search matches the label, `eq` the id. */
  reference?: ReferenceDeclaration;
  /**
   * A sensitive value (spec 5.5: ID card, mobile, bank account): sealed at rest, answered masked, and
   * for users on the sensitive-data whitelist also in full, DES-encrypted under their session key
   * (`revealed`); forms send it RSA-encrypted and leave it out while still masked. Not searchable.
   */
  sensitive?: boolean;
  /**
   * A value only its own process may change (a corporation's name: 企业自主更名 and its two reviews).
   * Set when creating; afterwards the update of any resource not approved by that process refuses
   * a change of it (server/crud/owned-fields.ts), and its edit form shows it read-only, saying where
   * it is changed.
   */
  ownedBy?: FieldOwner;
  /** The server refuses a second record with the same value. */
  unique?: boolean;
  /** The value a new record's form starts with, and the one the server stores when a create leaves the field out. */
  defaultValue?: string | number | boolean;
  /** Set by the server (id, times, versions): shown, never sent by forms. */
  readOnly?: boolean;
  /** Editable when creating only (e.g. a key others refer to). */
  createOnly?: boolean;
  search?: SearchMode;
  sortable?: boolean;
  /** Shown as a list column (default true but for 'text' and 'richText' fields). */
  column?: boolean;
  width?: number;
}

export interface ResourcePermissions {
  list: string;
  query: string;
  add?: string;
  edit?: string;
  remove?: string;
  export?: string;
  /** Fetching a file the resource holds (export records). */
  download?: string;
}

export interface SortItem<Field extends string = string> {
  field: Field;
  order: 'asc' | 'desc';
}

/**
 * A row action beyond the CRUD ones (publish, pin): `POST {apiBase}/{name}` with `{id, dataVersion}`,
 * behind its own permission, allowed only while the record's fields hold one of the listed values.
 * The browser shows the button exactly then; the server refuses the call otherwise and applies the
 * change its route module gives for the action (crudRoutes' `actions`).
 */
export interface RowActionDeclaration<Field extends string = string> {
  /** Locale key of the button, e.g. 'resources:content.actions.publish'. */
  label: string;
  permission: string;
  /** Field → the values the record must hold for the action to apply. */
  when: Partial<Record<Field, readonly (string | boolean)[]>>;
  /** Locale key of a confirmation asked first; none: the action runs at once. */
  confirm?: string;
  danger?: boolean;
}

/**
 * The resource's entry in the menu tree. The server adds it to the seeded menus (its id, title and
 * grants follow: title from locales/<lang>/menu.json under the resource's menuUri, granted to every
 * role that holds the list permission), and the browser registers the kit's generic list page at
 * `${path}/index` unless the page registry already names a page of its own there.
 */
export interface ResourceMenu {
  /** menuUri of the directory the entry sits under (server/db/seed-data/menus.ts), e.g. 'system'. */
  parent: string;
  /** The page's full route path, below the parent's: '/op/system/config'. */
  path: string;
  /** Place among the parent's children, lowest first; the seed tree numbers its own entries 10, 20, 30… */
  order: number;
  /** An @ant-design/icons name: 'ToolOutlined'. */
  icon?: string;
  /** Granted and routed, but not shown in the sidebar (a page opened from another one). */
  hidden?: boolean;
}

/**
 * An approvable resource: the actions bound here are proposed, not written. Saving stores the
 * proposed change and starts the bound process (businessKey: the record's id) in the same
 * transaction; the record shows the change as pending until the instance ends, and the server applies
 * it only when the instance ends approved (a reject or withdrawal leaves the record as it was). One
 * pending change per record. The process key becomes the resource's own: the generic
 * workflow/instances/start refuses it (it starts no key at all).
 */
export interface ApprovalDeclaration {
  /** The process that approves a new record (the record exists once approved). */
  create?: string;
  /** The process that approves a change of an existing record. */
  update?: string;
}

export interface ResourceDeclaration<F extends Record<string, FieldSchema> = Record<string, FieldSchema>> {
  /** Refine's resource name, unique. */
  name: string;
  /** Base of the CRUD calls: {apiBase}/page, find-by-id, save, update-by-id, remove-by-ids. */
  apiBase: string;
  /** The menu that grants the list page. */
  menuUri: string;
  /** Where the list page sits in the menu tree; without it the resource brings no menu of its own. */
  menu?: ResourceMenu;
  /** Locale key of the resource's title (its list page). */
  title: string;
  /** Locale key naming one record (新增<item>, 修改<item>); the title when absent. */
  item?: string;
  permissions: ResourcePermissions;
  fields: F;
  /** Default order of the page call: one field, or several in turn (pinned first, then the newest). */
  defaultSort?: SortItem<keyof F & string> | ReadonlyArray<SortItem<keyof F & string>>;
  /** Row actions beyond show, edit and remove, keyed by the last segment of their call. */
  actions?: Readonly<Record<string, RowActionDeclaration<keyof F & string>>>;
  /** Actions that go through an approval process instead of being written at once. */
  approval?: ApprovalDeclaration;
}

/** Any declared resource, whatever its fields: what generic code (pages, routes, the matrix) takes. */
export type AnyResource = Omit<ResourceDeclaration, 'defaultSort' | 'actions'> & {
  defaultSort?: SortItem | readonly SortItem[];
  actions?: Readonly<Record<string, RowActionDeclaration>>;
};

/** The default order as a list, whichever way the declaration gives it. */
export function defaultSortOf(resource: AnyResource): SortItem[] {
  const sort = resource.defaultSort;
  if (!sort) return [];
  return 'field' in sort ? [sort] : [...sort];
}

/** Whether a row action applies to a record now: every listed field holds one of its values. */
export function actionApplies(action: RowActionDeclaration, record: Readonly<Record<string, unknown>>): boolean {
  return Object.entries(action.when).every(([field, values]) => (values as readonly unknown[]).includes(record[field]));
}

export function defineResource<F extends Record<string, FieldSchema>>(declaration: ResourceDeclaration<F>): ResourceDeclaration<F> {
  return declaration;
}

/** Every permission string a resource names: its CRUD permissions and its row actions'. */
export function resourcePermissions(resource: AnyResource): string[] {
  const own = Object.values(resource.permissions).filter((p): p is string => typeof p === 'string');
  return [...new Set([...own, ...Object.values(resource.actions ?? {}).map((action) => action.permission)])];
}

/** Every permission the code knows: the permission table and each declared resource's. What grant rules expand over. */
export function knownPermissions(resources: readonly AnyResource[]): string[] {
  return [...new Set([...ALL_PERMISSIONS, ...resources.flatMap(resourcePermissions)])];
}
/** An approvable resource's actions, in the words of the approval-change records. */
export const APPROVAL_ACTION = { CREATE: 'create', UPDATE: 'update' } as const;
export type ApprovalAction = (typeof APPROVAL_ACTION)[keyof typeof APPROVAL_ACTION];

/** The change pending on a record, or a proposed creation, as the server answers it. */
export interface PendingChange {
  id: string;
  resource: string;
  recordId: string;
  action: ApprovalAction;
  processKey: string;
  instanceId: string | null;
  proposed: Record<string, unknown>;
  previous: Record<string, unknown>;
  status: 'RUNNING' | 'APPROVED' | 'REJECTED';
  createBy: string | null;
  /** The proposer's display name, in a record's history (server: ApprovableResource.history). */
  createByName?: string | null;
  /** In a record's history, a change that did not pass: withdrawn by its proposer, and the remark that ended it. */
  withdrawn?: boolean;
  endRemark?: string | null;
  createTime: string;
  endTime: string | null;
}

/** The field on every record of an approvable resource that carries its running change (or null). */
export const PENDING_CHANGE_FIELD = 'pendingChange';

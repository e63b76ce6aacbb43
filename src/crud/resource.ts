/**
 * A resource declaration: the one description of a CRUD resource that both sides read. It is pure
 * data (no React), so the server's generic CRUD routes take their permission strings and field
 * schema from the same object the browser's list, form and show pages are built from.
 */
import type { ValidatorName } from '../lib/validators';

export type FieldType = 'string' | 'text' | 'integer' | 'boolean' | 'datetime' | 'dict';

/** How a field filters the page call (PROTOCOL.md §7): exact value, substring, or a Start/End range. */
export type SearchMode = 'eq' | 'contains' | 'range';

export interface FieldSchema {
  type: FieldType;
  /** Locale key of the field's label, e.g. 'resources:dictType.fields.dictName'. */
  label: string;
  required?: boolean;
  maxLength?: number;
  /** A shared validator of src/lib/validators, applied on both sides. */
  validator?: ValidatorName;
  /** For type 'dict': the dictionary type whose items label the values (and tag colours). */
  dictType?: string;
  /** The server refuses a second record with the same value. */
  unique?: boolean;
  /** The value a new record's form starts with. */
  defaultValue?: string | number | boolean;
  /** Set by the server (id, times, versions): shown, never sent by forms. */
  readOnly?: boolean;
  /** Editable when creating only (e.g. a key others refer to). */
  createOnly?: boolean;
  search?: SearchMode;
  sortable?: boolean;
  /** Shown as a list column (default true for non-text fields). */
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

export interface ResourceDeclaration<F extends Record<string, FieldSchema> = Record<string, FieldSchema>> {
  /** Refine's resource name, unique. */
  name: string;
  /** Base of the CRUD calls: {apiBase}/page, find-by-id, save, update-by-id, remove-by-ids. */
  apiBase: string;
  /** The menu that grants the list page. */
  menuUri: string;
  /** Locale key of the resource's title (its list page). */
  title: string;
  /** Locale key naming one record (新增<item>, 修改<item>); the title when absent. */
  item?: string;
  permissions: ResourcePermissions;
  fields: F;
  /** Default order of the page call. */
  defaultSort?: { field: keyof F & string; order: 'asc' | 'desc' };
}

/** Any declared resource, whatever its fields: what generic code (pages, routes, the matrix) takes. */
export type AnyResource = Omit<ResourceDeclaration, 'defaultSort'> & { defaultSort?: { field: string; order: 'asc' | 'desc' } };

export function defineResource<F extends Record<string, FieldSchema>>(declaration: ResourceDeclaration<F>): ResourceDeclaration<F> {
  return declaration;
}

/** Fields every record carries (PROTOCOL.md §7), read-only everywhere. */
export const RECORD_FIELDS = ['id', 'dataVersion', 'createTime', 'updateTime'] as const;

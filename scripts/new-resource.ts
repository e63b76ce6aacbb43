/**
 * `npm run new:resource`: the scaffold of a resource (issue 39 item 5, README "Add a resource with the
 * scaffold"). Takes its answers as flags, asks for the missing ones on a terminal, refuses bad input
 * before writing anything, then writes the declaration, the table, the labels in both languages, a new
 * dictionary and a process where asked, the handler's grant, and runs drizzle-kit for the migration.
 *
 *   npm run new:resource -- --area warehouse --name warehouse-receipts --title 仓单 --title-en "Warehouse receipts" \
 *     --fields "number:text:pattern=^WR\d{6}$:unique:label=仓单编号:en=Receipt number,qty:integer:label=数量:en=Quantity" \
 *     [--parent system] [--approvable] [--dict "wr_status=仓单状态/Receipt status:ISSUED=已签发/Issued,PLEDGED=已质押/Pledged"]
 *
 * Where each part goes is scripts/new-resource-targets.ts's alone.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { localeNamespace } from '../server/locale-catalogue';
import {
  addDictionary,
  addHandlerGrant,
  addProcess,
  dictionaryExists,
  LANGUAGES,
  menuDirectories,
  PATHS,
  processExists,
  quote,
  type DictionarySeed,
  type Language,
} from './new-resource-targets';

/** A refusal of the person's input: printed as it is, nothing written. */
class Refusal extends Error {}

type Kind = 'string' | 'text' | 'integer' | 'money' | 'boolean' | 'date' | 'datetime' | 'dict' | 'reference';
/** The scaffold's type words (the issue's and the kit's) → the kit's field type. */
const TYPES: Readonly<Record<string, Kind>> = {
  text: 'string',
  string: 'string',
  sensitive: 'string',
  textarea: 'text',
  integer: 'integer',
  int: 'integer',
  money: 'money',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
  dict: 'dict',
  dictionary: 'dict',
  reference: 'reference',
};
const RESERVED = new Set(['id', 'dataVersion', 'createTime', 'updateTime', 'createBy', 'updateBy', 'pendingChange', 'changes']);
const FLAGS = new Set(['required', 'unique', 'sensitive', 'nosort', 'nosearch']);
const VALUED = new Set(['pattern', 'min', 'max', 'minLength', 'maxLength', 'label', 'en', 'search', 'digits', 'dict', 'reference']);

export interface FieldSpec {
  name: string;
  kind: Kind;
  required: boolean;
  unique: boolean;
  sensitive: boolean;
  sortable: boolean;
  search?: 'eq' | 'contains' | 'range';
  pattern?: string;
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
  digits?: { integer: number; decimal: number };
  dictType?: string;
  reference?: { resource: string; labelField: string };
  label?: string;
  en?: string;
}

/** Splits at `separator` outside brackets and after no backslash, so a pattern keeps its `{1,3}` and `(?:…)`. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (c === '\\') {
      current += c + (text[i + 1] ?? '');
      i += 1;
      continue;
    }
    if ('([{'.includes(c)) depth += 1;
    if (')]}'.includes(c)) depth = Math.max(0, depth - 1);
    if (c === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += c;
  }
  parts.push(current);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const integerOf = (field: string, key: string, value: string) => {
  if (!/^-?\d+$/.test(value)) throw new Refusal(`字段 ${field} 的 ${key} 必须是整数：${value}`);
  return Number(value);
};

/** Checks a pattern compiles and is one the generic suite can make values for (no lookarounds, no negated classes). */
function checkPattern(field: string, source: string): void {
  try {
    new RegExp(source);
  } catch (error) {
    throw new Refusal(`字段 ${field} 的 pattern 不是合法的正则表达式：${source}（${(error as Error).message}）`, { cause: error });
  }
  if (!source.startsWith('^') || !source.endsWith('$')) throw new Refusal(`字段 ${field} 的 pattern 必须以 ^ 开头、以 $ 结尾，匹配整个值：${source}`);
  if (/\(\?[=!<]|\[\^/.test(source)) throw new Refusal(`字段 ${field} 的 pattern 不能含前后查找或取反字符类（通用测试无法为其生成取值）：${source}`);
}

export function parseFields(text: string): FieldSpec[] {
  const fields = splitTop(text, ',').map((entry): FieldSpec => {
    const [name, typeWord, ...options] = splitTop(entry, ':');
    if (!name || !/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Refusal(`字段名必须是小写字母开头的驼峰名：${name ?? entry}`);
    if (RESERVED.has(name)) throw new Refusal(`字段名 ${name} 是每条记录都有的列，不能再声明`);
    const [typeName, typeValue] = splitAssign(typeWord ?? '');
    const kind = TYPES[typeName];
    if (!kind) throw new Refusal(`字段 ${name} 的类型未知：${typeWord ?? '（缺少）'}；可用：${Object.keys(TYPES).join('、')}`);
    const spec: FieldSpec = {
      name,
      kind,
      required: false,
      unique: false,
      sensitive: typeName === 'sensitive',
      sortable: kind !== 'text' && kind !== 'reference',
    };
    const given = typeValue === undefined ? options : [`${typeName}=${typeValue}`, ...options];
    for (const option of given) {
      const [key, value] = splitAssign(option);
      if (value === undefined && FLAGS.has(key)) {
        if (key === 'nosort') spec.sortable = false;
        else if (key === 'nosearch') spec.search = undefined;
        else spec[key as 'required' | 'unique' | 'sensitive'] = true;
        continue;
      }
      if (value === undefined || !VALUED.has(key)) throw new Refusal(`字段 ${name} 的选项未知：${option}`);
      if (key === 'pattern') spec.pattern = value;
      else if (key === 'min' || key === 'max' || key === 'minLength' || key === 'maxLength') spec[key] = integerOf(name, key, value);
      else if (key === 'label') spec.label = value;
      else if (key === 'en') spec.en = value;
      else if (key === 'search') {
        if (value !== 'eq' && value !== 'contains' && value !== 'range') throw new Refusal(`字段 ${name} 的 search 只能是 eq、contains 或 range：${value}`);
        spec.search = value;
      } else if (key === 'digits') {
        const m = /^(\d+)\.(\d+)$/.exec(value);
        if (!m) throw new Refusal(`字段 ${name} 的 digits 写作 整数位.小数位，例如 14.2：${value}`);
        spec.digits = { integer: Number(m[1]), decimal: Number(m[2]) };
      } else if (key === 'dict') {
        if (kind !== 'dict' || !/^[a-z][a-z0-9_]*$/.test(value))
          throw new Refusal(`字段 ${name}：dict= 只用于字典字段，类型名为小写字母、数字和下划线：${value}`);
        spec.dictType = value;
      } else if (key === 'reference') {
        const [resource, labelField] = value.split('/');
        if (kind !== 'reference' || !/^[a-z][a-z0-9-]*$/.test(resource)) throw new Refusal(`字段 ${name}：reference= 只用于引用字段，写资源名：${value}`);
        spec.reference = { resource, labelField: labelField ?? '' };
      }
    }
    if (!option(given, 'nosearch')) spec.search ??= defaultSearch(kind);
    if (spec.pattern !== undefined) {
      if (kind !== 'string') throw new Refusal(`字段 ${name}：pattern 只用于文本字段`);
      checkPattern(name, spec.pattern);
    }
    if (spec.sensitive && kind !== 'string') throw new Refusal(`字段 ${name}：只有文本字段可以是敏感字段`);
    if (spec.sensitive) {
      // A sealed value is neither searched, sorted nor unique in the database (it is stored encrypted).
      spec.search = undefined;
      spec.sortable = false;
      if (spec.unique) throw new Refusal(`字段 ${name}：敏感字段不能是唯一字段（密文无法比较）`);
    }
    if (kind === 'dict' && !spec.dictType) throw new Refusal(`字段 ${name}：字典字段需写明字典类型，如 ${name}:dict=wr_status`);
    if (kind === 'reference' && !spec.reference) throw new Refusal(`字段 ${name}：引用字段需写明被引用的资源，如 ${name}:reference=corporations`);
    if (spec.unique && kind !== 'string' && kind !== 'integer') throw new Refusal(`字段 ${name}：只有文本和整数字段可以唯一`);
    return spec;
  });
  if (!fields.length) throw new Refusal('至少需要一个字段');
  const seen = new Set<string>();
  for (const f of fields) {
    if (seen.has(f.name)) throw new Refusal(`字段 ${f.name} 重复`);
    seen.add(f.name);
  }
  return fields;
}

function splitAssign(option: string): [string, string | undefined] {
  const at = option.indexOf('=');
  return at < 0 ? [option, undefined] : [option.slice(0, at), option.slice(at + 1)];
}
const option = (options: readonly string[], flag: string) => options.includes(flag);

function defaultSearch(kind: Kind): FieldSpec['search'] {
  if (kind === 'string' || kind === 'reference') return 'contains';
  if (kind === 'dict') return 'eq';
  if (kind === 'date' || kind === 'datetime') return 'range';
  return undefined;
}

/** `wr_status=仓单状态/Receipt status:ISSUED=已签发/Issued,PLEDGED=已质押/Pledged` */
export function parseDictionary(text: string): DictionarySeed & { en: string; itemsEn: string[] } {
  const [head, ...rest] = splitTop(text, ':');
  const [dictType, names] = splitAssign(head ?? '');
  const [dictName, en] = (names ?? '').split('/');
  if (!/^[a-z][a-z0-9_]*$/.test(dictType) || !dictName || !en) throw new Refusal(`字典写作 类型=中文名/English name:值=中文/English,…：${text}`);
  const items = splitTop(rest.join(':'), ',').map((item) => {
    const [value, labels] = splitAssign(item);
    const [label, english] = (labels ?? '').split('/');
    if (!/^[A-Za-z0-9_]+$/.test(value) || !label || !english) throw new Refusal(`字典 ${dictType} 的项写作 值=中文/English：${item}`);
    return { value, label, english };
  });
  if (items.length < 2) throw new Refusal(`字典 ${dictType} 至少需要两项`);
  if (new Set(items.map((i) => i.value)).size !== items.length) throw new Refusal(`字典 ${dictType} 的值重复`);
  return { dictType, dictName, en, items, itemsEn: items.map((i) => i.english) };
}

const camel = (kebab: string) => kebab.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`).replace(/-/g, '_');
/** warehouse-receipts → warehouseReceipt: the permission's and the locale's key of one record. */
const singular = (kebab: string) => camel(kebab).replace(/ies$/, 'y').replace(/(ss)$/, '$1').replace(/s$/, '');

interface Options {
  root: string;
  area: string;
  name: string;
  title: string;
  titleEn: string;
  parent: string;
  approvable: boolean;
  fields: FieldSpec[];
  dictionaries: ReturnType<typeof parseDictionary>[];
  generate: boolean;
}

/** An area's locale file as it is, or an empty one when the area has none of that namespace yet. */
function readJson(root: string, path: string): Record<string, unknown> {
  return existsSync(join(root, path)) ? (JSON.parse(readFileSync(join(root, path), 'utf8')) as Record<string, unknown>) : {};
}
function writeJson(root: string, path: string, data: unknown): void {
  mkdirSync(dirname(join(root, path)), { recursive: true });
  writeFileSync(join(root, path), `${JSON.stringify(data, null, 2)}\n`);
}
/** A namespace as the app reads it: the platform's file and every area's share, merged. */
const catalogue = (root: string, namespace: string, language: Language = 'zh-CN') => localeNamespace(language, namespace, root);

/** Every .ts file under the folders where declarations and tables live. */
function sources(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== 'node_modules' && entry.name !== 'migrations') walk(path);
      else if (entry.isFile() && entry.name.endsWith('.ts')) out.push(path);
    }
  };
  for (const dir of PATHS.taken) if (existsSync(join(root, dir))) walk(join(root, dir));
  return out;
}

/** Refuses a name, table, API path, menu or locale key some resource holds already. */
function checkFree(o: Options): void {
  const table = snake(o.name);
  const key = singular(o.name);
  const texts = sources(o.root).map((file) => readFileSync(file, 'utf8'));
  const holds = (needle: string) => texts.some((text) => text.includes(needle));
  if (holds(`name: '${o.name}'`)) throw new Refusal(`资源名 ${o.name} 已被占用`);
  if (holds(`pgTable('${table}'`)) throw new Refusal(`表名 ${table} 已被占用`);
  if (holds(`'/op/v1/${o.area}/${o.name}'`)) throw new Refusal(`接口路径 /op/v1/${o.area}/${o.name} 已被占用`);
  const takenTable = tableFilesOf(o.root, o.name)[0];
  if (takenTable) throw new Refusal(`${takenTable} 已存在`);
  // The keys are checked against the whole catalogue, the platform's and every area's: a key two files define stops the server.
  if (Object.hasOwn(catalogue(o.root, 'resources'), key)) throw new Refusal(`resources.json 已有 ${key}：换一个资源名`);
  if (Object.hasOwn(catalogue(o.root, 'menu'), menuUri(o))) throw new Refusal(`菜单 ${menuUri(o)} 已存在`);
  if (o.approvable && processExists(o.root, processKey(o))) throw new Refusal(`流程 ${processKey(o)} 已存在`);
  const summaries = (catalogue(o.root, 'workflow') as { summary?: Record<string, unknown> }).summary ?? {};
  if (o.approvable && Object.hasOwn(summaries, key)) throw new Refusal(`workflow.json 的 summary 已有 ${key}：换一个资源名`);
}

/** The field that names a record in its task rows: its first unique text field, else its first required one. */
const numberField = (o: Options) =>
  (o.fields.find((f) => f.kind === 'string' && f.unique && !f.sensitive) ?? o.fields.find((f) => f.kind === 'string' && f.required && !f.sensitive))?.name;
const menuUri = (o: Options) => `${o.parent}:${o.name}`;
const processKey = (o: Options) => `Process_${snake(camel(o.name)).toUpperCase()}`;
const fieldKey = (o: Options, field: string) => `resources:${singular(o.name)}.fields.${field}`;

/** The referenced resource's label field, when not given: its name field (…Name), else its first searched, else first text field. */
function labelFieldOf(root: string, resource: string): string {
  for (const file of sources(root)) {
    const text = readFileSync(file, 'utf8');
    const at = text.indexOf(`name: '${resource}'`);
    if (at < 0) continue;
    const fields = text.slice(at).match(/^\s{4}(\w+): \{\s*type: 'string'[^\n]*$/gm) ?? [];
    const pick = fields.find((f) => /^\s*(name|\w+Name):/.test(f)) ?? fields.find((f) => f.includes('search:')) ?? fields[0];
    const name = pick && /^\s*(\w+):/.exec(pick)?.[1];
    if (name) return name;
    break;
  }
  throw new Refusal(`引用的资源 ${resource} 不存在，或找不到它的标签字段：写作 reference=${resource}/标签字段`);
}

/** A served resource's table file in any area's server folder (where PATHS.table puts it). */
function tableFilesOf(root: string, name: string): string[] {
  return readdirSync(join(root, 'server'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `server/${entry.name}/${name}.table.ts`)
    .filter((file) => existsSync(join(root, file)));
}

/** The table a referenced resource is stored in, when the tree names one by the resource's own name (for the foreign key). */
function referencedTable(root: string, resource: string): { name: string; from: string } | undefined {
  const table = snake(resource);
  // Tables live where their area does (server/<area>/schema.ts) or with the platform's (server/db/system-schema.ts).
  const candidates = [
    'server/db/system-schema.ts',
    ...readdirSync(join(root, 'server'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => `server/${entry.name}/schema.ts`),
  ];
  for (const file of [...candidates, ...tableFilesOf(root, resource)]) {
    if (!existsSync(join(root, file))) continue;
    const m = new RegExp(`export const (\\w+) = pgTable\\(\\s*'${table}'`).exec(readFileSync(join(root, file), 'utf8'));
    if (m) return { name: m[1], from: `../${file.replace(/^server\//, '').replace(/\.ts$/, '')}` };
  }
  return undefined;
}

function declarationOf(o: Options): { imports: string[]; code: string } {
  const key = singular(o.name);
  const lines: string[] = [];
  for (const f of o.fields) {
    const parts = [`type: '${f.kind}'`, `label: ${quote(fieldKey(o, f.name))}`];
    if (f.required) parts.push('required: true');
    if (f.minLength !== undefined) parts.push(`minLength: ${f.minLength}`);
    if (f.maxLength !== undefined) parts.push(`maxLength: ${f.maxLength}`);
    else if (f.kind === 'string') parts.push('maxLength: 100');
    else if (f.kind === 'text') parts.push('maxLength: 500');
    if (f.pattern) parts.push(`pattern: { source: ${quote(f.pattern)}, message: ${quote(`resources:${key}.patterns.${f.name}`)} }`);
    if (f.kind === 'money') parts.push(`money: { integer: ${f.digits?.integer ?? 14}, decimal: ${f.digits?.decimal ?? 2} }`);
    if (f.min !== undefined) parts.push(`min: ${f.min}`);
    else if (f.kind === 'money' || f.kind === 'integer') parts.push('min: 0');
    if (f.max !== undefined) parts.push(`max: ${f.max}`);
    if (f.dictType) parts.push(`dictType: ${quote(f.dictType)}`);
    if (f.reference) parts.push(`reference: { resource: ${quote(f.reference.resource)}, labelField: ${quote(f.reference.labelField)} }`);
    if (f.unique) parts.push('unique: true');
    if (f.sensitive) parts.push('sensitive: true');
    if (f.search) parts.push(`search: '${f.search}'`);
    if (f.sortable) parts.push('sortable: true');
    lines.push(`    ${f.name}: { ${parts.join(', ')} },`);
  }
  lines.push(`    createTime: { type: 'datetime', label: 'resources:common.createTime', readOnly: true, search: 'range', sortable: true },`);
  const approval = o.approvable
    ? `\n  // Saving proposes; the change applies once ${processKey(o)} ends approved (README "Add an approvable resource").\n  approval: { create: ${quote(processKey(o))}, update: ${quote(processKey(o))} },`
    : '';
  const code = `
/** ${o.title} (${o.titleEn}): written by npm run new:resource. */
export const ${camel(o.name)}Resource = defineResource({
  name: ${quote(o.name)},
  apiBase: ${quote(`/op/v1/${o.area}/${o.name}`)},
  menuUri: ${quote(menuUri(o))},
  menu: { parent: ${quote(o.parent)}, path: ${quote(`${menuDirectories(o.root).get(o.parent)}/${o.name}`)}, order: 500, icon: 'FileTextOutlined' },
  title: ${quote(`resources:${key}.title`)},
  permissions: crud(${quote(o.area)}, ${quote(key)}),
  defaultSort: { field: 'createTime', order: 'desc' },${approval}
  fields: {
${lines.join('\n')}
  },
});
`;
  return { imports: ["import { defineResource } from '../../crud/resource';", "import { crud } from '../../lib/permissions';"], code };
}

function tableOf(o: Options): string {
  const columns = new Set<string>(['pgTable', 'text']);
  const extra: string[] = [];
  const lines = o.fields.map((f) => {
    const column = snake(f.name);
    let expr: string;
    if (f.kind === 'integer') expr = `integer('${column}')`;
    else if (f.kind === 'money')
      expr = `numeric('${column}', { precision: ${(f.digits?.integer ?? 14) + (f.digits?.decimal ?? 2)}, scale: ${f.digits?.decimal ?? 2} })`;
    else if (f.kind === 'boolean') expr = `boolean('${column}')`;
    else if (f.kind === 'date') expr = `date('${column}', { mode: 'string' })`;
    else if (f.kind === 'datetime') expr = `timestamp('${column}', { withTimezone: true })`;
    else expr = `text('${column}')`;
    columns.add(/^(\w+)\(/.exec(expr)![1]);
    if (f.required) expr += '.notNull()';
    if (f.kind === 'boolean' && !f.required) expr += '.notNull().default(false)';
    if (f.unique) expr += '.unique()';
    if (f.reference) {
      const target = referencedTable(o.root, f.reference.resource);
      if (target) {
        expr += `.references(() => ${target.name}.id)`;
        extra.push(`import { ${target.name} } from '${target.from}';`);
      }
    }
    return `  ${f.name}: ${expr},`;
  });
  return `/** The table of ${o.name} (written by npm run new:resource; the migration is drizzle-kit's). */
import { ${[...columns].sort().join(', ')} } from 'drizzle-orm/pg-core';
import { serveResource } from '../crud/served';
import { idColumn, recordColumns } from '../db/columns';
${[...new Set(extra)].join('\n')}${extra.length ? '\n' : ''}import { ${camel(o.name)}Resource } from '../../src/features/${o.area}/resources';

export const ${camel(o.name)} = pgTable('${snake(o.name)}', {
  id: idColumn(),
${lines.join('\n')}
  ...recordColumns(),
});

export const served = serveResource(${camel(o.name)}Resource, ${camel(o.name)});
`;
}

/** Adds the declaration to the area's resources.ts (created when the area has none), with the imports it lacks. */
function writeDeclaration(o: Options): string {
  const path = PATHS.declaration(o.area);
  const file = join(o.root, path);
  const { imports, code } = declarationOf(o);
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `/** The ${o.area} area's resources (README "Add a resource"). */\n${imports.join('\n')}\n${code}`);
    return path;
  }
  let source = readFileSync(file, 'utf8');
  const missing = imports.filter((line) => {
    const name = /import \{ (\w+) \}/.exec(line)![1];
    return !new RegExp(`\\b${name}\\b[^;]*from '${/from '([^']+)'/.exec(line)![1].replace(/[.]/g, '\\.')}'`).test(source);
  });
  if (missing.length) {
    const lastImport = [...source.matchAll(/^import [^;]+;$/gm)].pop();
    const at = lastImport ? lastImport.index + lastImport[0].length : 0;
    source = `${source.slice(0, at)}\n${missing.join('\n')}${source.slice(at)}`;
  }
  writeFileSync(file, `${source.trimEnd()}\n${code}`);
  return path;
}

/** A new area's face (its index.ts), which offers nothing yet: every area has one, the only module another may import. */
function writeFace(o: Options): string[] {
  const path = PATHS.face(o.area);
  if (existsSync(join(o.root, path))) return [];
  writeFileSync(
    join(o.root, path),
    `/**\n * The public face of the \`${o.area}\` area (issue 39 item 1): the only module another area may import.\n * No other area uses anything of it yet; what one comes to need is exported here, never reached by path.\n */\nexport {};\n`,
  );
  return [path];
}

/**
 * The resource's copy in both languages, in the area's own locale files (src/features/<area>/locales/<lang>/,
 * created when missing): its labels, its menu title, its permissions' name, a new unique field's name, a new dictionary's labels, its
 * process's name and task summary. No shared file under locales/ is edited; the loaders merge the area's share.
 */
function writeLabels(o: Options): string[] {
  const key = singular(o.name);
  const written: string[] = [];
  /** Reads the area's file of a namespace, lets `change` add to it, writes it back. */
  const update = (language: Language, namespace: string, change: (tree: Record<string, unknown>) => void) => {
    const path = PATHS.locale(o.area, language, namespace);
    const tree = readJson(o.root, path);
    change(tree);
    writeJson(o.root, path, tree);
    written.push(path);
  };
  const within = (tree: Record<string, unknown>, name: string) => (tree[name] ??= {}) as Record<string, unknown>;
  for (const language of LANGUAGES) {
    const zh = language === 'zh-CN';
    const pick = (zhText: string, enText: string) => (zh ? zhText : enText);
    const patterns = Object.fromEntries(
      o.fields.filter((f) => f.pattern).map((f) => [f.name, pick(`${f.label}格式不正确`, `${f.en} is not in the expected format`)]),
    );
    update(language, 'resources', (resources) => {
      resources[key] = {
        title: pick(o.title, o.titleEn),
        item: pick(o.title, o.titleEn),
        fields: Object.fromEntries(o.fields.map((f) => [f.name, pick(f.label!, f.en!)])),
        ...(Object.keys(patterns).length ? { patterns } : {}),
      };
    });
    update(language, 'menu', (menu) => {
      menu[menuUri(o)] = pick(o.title, o.titleEn);
    });
    // Its permission strings' name (crud(area, key): 仓单 · 新增), which the auditors' screens show rather than the code.
    update(language, 'permissions', (permissions) => {
      within(within(permissions, 'groups'), o.area)[key] = pick(o.title, o.titleEn);
    });
    // What a DUPLICATE found by the database names (server:input.fields, one name per field across resources): a name no file gives yet.
    const named = ((catalogue(o.root, 'server', language) as { input?: { fields?: Record<string, string> } }).input?.fields ?? {}) as Record<string, string>;
    const unnamed = o.fields.filter((x) => x.unique && !Object.hasOwn(named, x.name));
    if (unnamed.length)
      update(language, 'server', (server) => {
        const fields = within(within(server, 'input'), 'fields');
        for (const f of unnamed) fields[f.name] = pick(f.label!, f.en!);
      });
    if (o.dictionaries.length)
      update(language, 'dict', (dict) => {
        for (const d of o.dictionaries) dict[d.dictType] = Object.fromEntries(d.items.map((item, i) => [item.value, pick(item.label, d.itemsEn[i])]));
      });
    if (o.approvable)
      update(language, 'workflow', (workflow) => {
        within(workflow, 'process')[processKey(o)] = pick(`${o.title}审批`, `${o.titleEn} approval`);
        // The task rows' summary: "{{action}}" is 新增 / 修改 (workflow:summary.action, the platform's), "{{no}}" the record's number.
        within(workflow, 'summary')[singular(o.name)] = numberField(o)
          ? pick(`{{action}}${o.title}：{{no}}`, `{{action}} ${o.titleEn.toLowerCase()}: {{no}}`)
          : pick(`{{action}}${o.title}`, `{{action}} ${o.titleEn.toLowerCase()}`);
      });
  }
  return written;
}

/**
 * The terminal's answers, one line each, read through one interface for the whole session and buffered,
 * so answers typed (or pasted) ahead of their question are kept.
 */
let terminal: { rl: ReturnType<typeof createInterface>; lines: AsyncIterator<string> } | undefined;
async function ask(question: string): Promise<string> {
  if (!terminal) {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: false });
    terminal = { rl, lines: rl[Symbol.asyncIterator]() };
  }
  process.stdout.write(question);
  const line = await terminal.lines.next();
  return line.done ? '' : String(line.value).trim();
}
const closeTerminal = () => terminal?.rl.close();

const ARGS = {
  root: { type: 'string' },
  area: { type: 'string' },
  name: { type: 'string' },
  title: { type: 'string' },
  'title-en': { type: 'string' },
  parent: { type: 'string' },
  fields: { type: 'string' },
  dict: { type: 'string', multiple: true },
  approvable: { type: 'boolean' },
  'no-generate': { type: 'boolean' },
} as const;

/** parseArgs, its refusals of an unknown or malformed flag told as the scaffold's. */
function parseArguments(argv: readonly string[]) {
  try {
    return parseArgs({ args: [...argv], options: ARGS, strict: true });
  } catch (error) {
    throw new Refusal(`参数有误：${(error as Error).message}`, { cause: error });
  }
}

/** The flags' answers, the missing ones asked on a terminal (refused when there is none to ask on). */
async function optionsOf(argv: readonly string[]): Promise<Options> {
  const { values } = parseArguments(argv);
  const interactive = process.stdin.isTTY === true;
  const need = async (value: string | undefined, flag: string, question: string): Promise<string> => {
    if (value) return value;
    if (!interactive) throw new Refusal(`缺少 --${flag}（${question}）`);
    const answer = await ask(`${question}：`);
    if (!answer) throw new Refusal(`缺少 ${question}`);
    return answer;
  };
  const root = resolve(values.root ?? process.cwd());
  const area = await need(values.area, 'area', '所属业务域（src/features 下的目录名，如 warehouse）');
  if (!/^[a-z][a-z0-9-]*$/.test(area)) throw new Refusal(`业务域名只能是小写字母、数字和连字符：${area}`);
  const name = await need(values.name, 'name', '资源名（复数、连字符，如 warehouse-receipts）');
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(name)) throw new Refusal(`资源名只能是小写字母、数字和连字符：${name}`);
  const title = await need(values.title, 'title', '中文名称（如 仓单）');
  const titleEn = await need(values['title-en'], 'title-en', '英文名称（如 Warehouse receipts）');
  const directories = menuDirectories(root);
  const parent = values.parent ?? (directories.has(area) ? area : await need(undefined, 'parent', `菜单目录（${[...directories.keys()].join('、')}）`));
  if (!directories.has(parent)) throw new Refusal(`菜单目录 ${parent} 不存在或在侧栏中隐藏；可用：${[...directories.keys()].join('、')}`);
  const fields = parseFields(await need(values.fields, 'fields', '字段（名:类型[:选项]，逗号分隔，如 number:text:unique,qty:integer）'));
  for (const f of fields) {
    f.label ??= await need(undefined, 'fields', `字段 ${f.name} 的中文标签（或在字段里写 label=…）`);
    f.en ??= await need(undefined, 'fields', `字段 ${f.name} 的英文标签（或在字段里写 en=…）`);
    if (f.reference && !f.reference.labelField) f.reference.labelField = labelFieldOf(root, f.reference.resource);
  }
  const approvable = values.approvable ?? (interactive && !values.fields ? /^(y|yes|是)$/i.test(await ask('是否需要审批后生效（y/N）：')) : false);
  const dictionaries = (values.dict ?? []).map(parseDictionary);
  for (const f of fields.filter((x) => x.dictType)) {
    const type = f.dictType!;
    if (dictionaries.some((d) => d.dictType === type) || dictionaryExists(root, type)) continue;
    if (!interactive) throw new Refusal(`字典 ${type} 不存在：用 --dict "${type}=中文名/English name:值=中文/English,…" 给出它的项`);
    dictionaries.push(parseDictionary(await ask(`新字典 ${type}（${type}=中文名/English name:值=中文/English,…）：`)));
  }
  for (const d of dictionaries) {
    if (dictionaryExists(root, d.dictType)) throw new Refusal(`字典 ${d.dictType} 已存在，字段直接引用它即可`);
    if (!fields.some((f) => f.dictType === d.dictType)) throw new Refusal(`字典 ${d.dictType} 没有字段使用`);
  }
  return { root, area, name, title, titleEn, parent, approvable, fields, dictionaries, generate: !values['no-generate'] };
}

/** Writes the resource; answers the files written and edited. */
export function scaffold(o: Options): string[] {
  checkFree(o);
  const written = [writeDeclaration(o), ...writeFace(o)];
  const table = join(o.root, PATHS.table(o.area, o.name));
  mkdirSync(dirname(table), { recursive: true });
  writeFileSync(table, tableOf(o));
  written.push(PATHS.table(o.area, o.name));
  written.push(...writeLabels(o));
  for (const d of o.dictionaries) written.push(addDictionary(o.root, o.area, { dictType: d.dictType, dictName: d.dictName, items: d.items }));
  if (o.approvable) written.push(addProcess(o.root, o.area, processKey(o), o.name, singular(o.name), numberField(o)));
  written.push(addHandlerGrant(o.root, o.area, `${o.area}:${singular(o.name)}`, ['list', 'query', 'add', 'edit', 'remove']));
  const bin = (name: string) => join(o.root, 'node_modules/.bin', name);
  const unique = [...new Set(written)];
  // The house format, so what was written passes `npm run lint` as it stands.
  execFileSync(bin('prettier'), ['--write', '--log-level=warn', ...unique], { cwd: o.root, stdio: 'inherit' });
  if (o.generate) {
    const before = new Set(readdirSync(join(o.root, PATHS.migrations)));
    // drizzle-kit lists every table it read; only its errors are worth showing.
    execFileSync(bin('drizzle-kit'), ['generate', '--name', snake(o.name)], { cwd: o.root, stdio: ['ignore', 'ignore', 'inherit'] });
    const added = readdirSync(join(o.root, PATHS.migrations)).filter((f) => !before.has(f) && statSync(join(o.root, PATHS.migrations, f)).isFile());
    unique.push(...added.map((f) => `${PATHS.migrations}/${f}`), `${PATHS.migrations}/meta`);
  }
  return unique;
}

async function main(): Promise<void> {
  try {
    const o = await optionsOf(process.argv.slice(2));
    closeTerminal();
    const files = scaffold(o);
    console.log(`\n已生成 ${o.name}${o.approvable ? `（审批流程 ${processKey(o)}）` : ''}：\n${files.map((f) => `  ${f}`).join('\n')}`);
    console.log(`\n还需人工：检查标签与菜单位置；若其他角色也要处理它，在 ${PATHS.catalogue(o.area)} 的 grants 中为其添加授权规则。`);
  } catch (error) {
    closeTerminal();
    if (error instanceof Refusal) {
      console.error(`new:resource：${error.message}（未写入任何文件）`);
      process.exit(2);
    }
    throw error;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(new URL(import.meta.url).pathname)) await main();

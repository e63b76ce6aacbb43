/**
 * How a declared field looks: its form control, its form rules and its value in a cell or a detail
 * view. One place per field type, so every resource's pages agree.
 */
import { DatePicker, Input, InputNumber, Select, Spin, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs from 'dayjs';
import { lazy, Suspense, type ReactNode } from 'react';
import { Typed } from '../components/Typed';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { DictTag } from '../components/DictTag';
import { DAY_FORMAT, formatDate } from '../lib/dates';
import { antdRule } from '../lib/validators';
import { isMasked, isUntouchedMask } from '../lib/masking';
import { formatMoney } from '../lib/money';
import { ruleFailure } from './field-rules';
import { dictItem, useDicts } from '../providers/dictionaries';
import { referenceLabelKey, type FieldSchema, type AnyResource } from './resource';
import { ReferenceSelect } from './ReferenceSelect';
import { useOne } from '@refinedev/core';
import { findResource } from '../resources';
import { useHasPermission } from './use-resource-access';

export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

// Heavy controls load with the first form or detail view that needs them, never with a list page.
const RichTextEditor = lazy(() => import('../components/content/RichTextEditor'));
const ContentHtml = lazy(() => import('../components/content/ContentHtml'));
const ImageFileInput = lazy(() => import('../components/files/ImageFileInput'));
const FilePreview = lazy(() => import('../components/files/FilePreview'));

const Loading = ({ children }: { children: ReactNode }) => <Suspense fallback={<Spin size="small" />}>{children}</Suspense>;

export type FieldEntry = [name: string, schema: FieldSchema];

/** The label the server answered for a reference field of this record (`<field>Label`); undefined for other fields. */
export const referenceLabelOf = (schema: FieldSchema, name: string, record: Readonly<Record<string, unknown>> | null | undefined): unknown =>
  schema.type === 'reference' ? record?.[referenceLabelKey(name)] : undefined;

export const fieldsOf = (resource: AnyResource): FieldEntry[] => Object.entries(resource.fields);

/** A new record's starting values: the declared defaults, then the page's own. */
export function createValues(resource: AnyResource, extra?: Record<string, unknown>): Record<string, unknown> {
  const defaults = Object.fromEntries(fieldsOf(resource).flatMap(([name, schema]) => (schema.defaultValue === undefined ? [] : [[name, schema.defaultValue]])));
  return { ...defaults, ...extra };
}

/**
 * Required, the shared validator and the declared value rules (length, pattern, range, money
 * digits): the same rules, through the same checks, the server applies to the field.
 */
export function fieldRules(schema: FieldSchema, t: TFunction): Rule[] {
  const rules: Rule[] = [];
  if (schema.required) {
    rules.push(
      schema.type === 'string' || schema.type === 'text'
        ? { required: true, whitespace: true, message: t('kit:form.required') }
        : { required: true, message: t('kit:form.required') },
    );
  }
  const declaresRules = [schema.minLength, schema.maxLength, schema.pattern, schema.min, schema.max].some((rule) => rule !== undefined);
  if (declaresRules || schema.type === 'money' || schema.type === 'integer') {
    rules.push({
      validator: (_rule, value: unknown) => {
        const failure = ruleFailure(schema, value);
        return failure ? Promise.reject(new Error(t(failure.key, failure.params))) : Promise.resolve();
      },
    });
  }
  if (schema.validator) rules.push(antdRule(schema.validator, t));
  return rules;
}

/**
 * The rules of a field in an edit form, given the value it was loaded with. A sensitive field still
 * showing that mask was not touched: no rule applies (the data provider leaves it out and the server
 * keeps the stored value). Any other value is the operator's: a mask they edited is refused with how
 * to change it, a value typed anew meets every rule of the field.
 */
export function editRules(name: string, schema: FieldSchema, t: TFunction, original: unknown): Rule[] {
  const rules = fieldRules(schema, t);
  if (!schema.sensitive) return rules;
  const label = t(schema.label);
  const edited: Rule = {
    validator: (_rule, value: unknown) => (isMasked(value) ? Promise.reject(new Error(t('kit:form.maskedEdited', { label }))) : Promise.resolve()),
  };
  // Each rule asks at validation time, so clearing the mask and typing makes every rule apply again;
  // a mask still in the field answers only with how to change it (the format rules would repeat it).
  return [edited, ...rules].map((rule): Rule => (form) => {
    const value: unknown = form.getFieldValue(name);
    if (isUntouchedMask(value, original) || (isMasked(value) && rule !== edited)) return {};
    return typeof rule === 'function' ? rule(form) : rule;
  });
}

/** Select options of a dictionary-backed field. */
function DictSelect({
  dictType,
  placeholder,
  multiple,
  ...rest
}: {
  dictType: string;
  placeholder?: string;
  multiple?: boolean;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}) {
  const { t } = useTranslation('common');
  const items = useDicts([dictType])(dictType) ?? [];
  // A value the record holds whose entry was disabled since: shown by its label, not offered to others.
  const held = (Array.isArray(rest.value) ? rest.value : [rest.value]).flatMap((value) => {
    const item = value === undefined || value === null || value === '' ? undefined : dictItem(dictType, value);
    return item?.disabled ? [{ value: item.dictValue, label: t('dictDisabled', { label: item.dictLabel }), disabled: true }] : [];
  });
  const options = [...items.map((item) => ({ value: item.dictValue, label: item.dictLabel })), ...held];
  return <Select allowClear mode={multiple ? 'multiple' : undefined} placeholder={placeholder} options={options} {...rest} />;
}

/** A calendar day's picker: the form holds the day as the wire carries it ('YYYY-MM-DD'), never a time. */
function DayPicker({
  value,
  onChange,
  ...rest
}: {
  value?: unknown;
  onChange?: (value: string | undefined) => void;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}) {
  const day = typeof value === 'string' && value ? dayjs(value, DAY_FORMAT) : null;
  return <DatePicker format={DAY_FORMAT} style={{ width: '100%' }} value={day} onChange={(d) => onChange?.(d ? d.format(DAY_FORMAT) : undefined)} {...rest} />;
}

/** The control that edits a field in a form; `initialLabel` names a reference's loaded value `initialValue` (its record's `<field>Label`). */
export function FieldInput({
  schema,
  placeholder,
  initialLabel,
  initialValue,
  ...rest
}: {
  schema: FieldSchema;
  placeholder?: string;
  disabled?: boolean;
  initialLabel?: unknown;
  initialValue?: unknown;
}) {
  switch (schema.type) {
    case 'reference':
      return <ReferenceSelect schema={schema} initialLabel={initialLabel} initialValue={initialValue} placeholder={placeholder} {...rest} />;
    case 'dict':
      return <DictSelect dictType={schema.dictType ?? ''} multiple={schema.multiple} placeholder={placeholder} {...rest} />;
    case 'integer':
      return <InputNumber precision={0} style={{ width: '100%' }} placeholder={placeholder} {...rest} />;
    case 'money':
      // Typed and sent as text: a number input would round-trip the amount through a float.
      return <Input inputMode="decimal" placeholder={placeholder} {...rest} />;
    case 'boolean':
      return <Switch {...rest} />;
    case 'text':
      return (
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={schema.maxLength} showCount={!!schema.maxLength} placeholder={placeholder} {...rest} />
      );
    case 'datetime':
      return <DatePicker showTime format={DATETIME_FORMAT} style={{ width: '100%' }} {...rest} />;
    case 'date':
      return <DayPicker placeholder={placeholder} {...rest} />;
    case 'richText':
      return (
        <Loading>
          <RichTextEditor placeholder={placeholder} {...rest} />
        </Loading>
      );
    case 'image':
      return (
        <Loading>
          <ImageFileInput {...rest} />
        </Loading>
      );
    default:
      return <Input maxLength={schema.maxLength} placeholder={placeholder} {...rest} />;
  }
}

/** The control of a field in the search form (Form.Item passes value and onChange through). */
export function SearchInput({ schema, placeholder, t, ...rest }: { schema: FieldSchema; placeholder: string; t: TFunction; id?: string }) {
  if (schema.search === 'range') {
    return <DatePicker.RangePicker style={{ width: '100%' }} placeholder={[t('kit:search.from'), t('kit:search.to')]} {...rest} />;
  }
  if (schema.type === 'dict') return <DictSelect dictType={schema.dictType ?? ''} placeholder={placeholder} {...rest} />;
  // A reference searched by id is chosen in its picker; searched with 'contains' it is the label's text (the default input).
  if (schema.type === 'reference' && schema.search === 'eq')
    return <ReferenceSelect schema={{ ...schema, required: false }} placeholder={placeholder} {...rest} />;
  if (schema.type === 'boolean') {
    return (
      <Select
        allowClear
        placeholder={placeholder}
        options={[
          { value: true, label: t('kit:value.yes') },
          { value: false, label: t('kit:value.no') },
        ]}
        {...rest}
      />
    );
  }
  return <Input allowClear placeholder={placeholder} {...rest} />;
}

/**
 * A value as a cell or a detail line shows it. A reference is shown by `label`, the referenced
 * record's current label the server answers beside the id (referenceLabelOf), never by its id.
 */
export { Typed, TypedIn } from '../components/Typed';

export function FieldValue({ schema, value, t, label }: { schema: FieldSchema; value: unknown; t: TFunction; label?: unknown }) {
  if (value === undefined || value === null || value === '') return null;
  switch (schema.type) {
    case 'reference':
      // Several references: each by its label, in the order picked, separated as Chinese lists are.
      if (Array.isArray(value)) {
        const labels = Array.isArray(label) ? label : [];
        return (
          <>
            {value.map((id, i) => (
              <span key={String(id)}>
                {i > 0 && t('kit:value.listSeparator')}
                <FieldValue schema={{ ...schema, multiple: false }} value={id} t={t} label={Array.isArray(label) ? (labels[i] ?? null) : undefined} />
              </span>
            ))}
          </>
        );
      }
      // null: the server answered and the record is gone; undefined: no label came with the value (a logged change), so it is read.
      if (label === undefined) return <ReferenceLabel schema={schema} id={String(value)} t={t} />;
      return typeof label === 'string' && label !== '' ? <Typed>{label}</Typed> : <>{t('kit:form.referenceMissing')}</>;
    case 'dict':
      return Array.isArray(value) ? (
        <>
          {value.map((code) => (
            <DictTag key={String(code)} dictType={schema.dictType ?? ''} value={code} />
          ))}
        </>
      ) : (
        <DictTag dictType={schema.dictType ?? ''} value={value} />
      );
    case 'boolean':
      return <>{t(value ? 'kit:value.yes' : 'kit:value.no')}</>;
    case 'datetime':
      return <>{formatDate(value as string, DATETIME_FORMAT)}</>;
    case 'date':
      return <>{formatDate(value as string, DAY_FORMAT)}</>;
    case 'money':
      return <>{formatMoney(value as string, schema.money?.decimal ?? 2)}</>;
    case 'richText':
      return (
        <Typed block>
          <Loading>
            <ContentHtml html={String(value)} />
          </Loading>
        </Typed>
      );
    case 'image':
      return (
        <Loading>
          <FilePreview fileIds={[String(value)]} thumbnailType="SMALL" />
        </Loading>
      );
    default:
      return <Typed>{String(value)}</Typed>;
  }
}

/**
 * The current label of a referenced record whose answer carried none (an operation log's before and
 * after values): read from the referenced resource's find-by-id. Without the permission to read it,
 * a dash, never the id.
 */
function ReferenceLabel({ schema, id, t }: { schema: FieldSchema; id: string; t: TFunction }) {
  const reference = schema.reference!;
  const target = findResource(reference.resource);
  const may = useHasPermission();
  const allowed = !!target && may(target.permissions.query);
  const { result, query } = useOne({ resource: reference.resource, id, queryOptions: { enabled: allowed, retry: false }, errorNotification: false });
  if (!allowed || query.isError) return <>—</>;
  if (query.isLoading) return <Spin size="small" />;
  const label = result?.[reference.labelField];
  return typeof label === 'string' ? <Typed>{label}</Typed> : <>{t('kit:form.referenceMissing')}</>;
}

/** Date pickers name months and weekdays in the operator's language. */
export function useDayjsLocale(): void {
  const { i18n } = useTranslation();
  dayjs.locale(i18n.language === 'en-US' ? 'en' : 'zh-cn');
}

/**
 * The form control of a 'reference' field (FieldSchema.reference): a searchable picker over the
 * referenced resource's own page call (Refine's useSelect), one page at a time, the typed text
 * searched by label on the server and the declared filter always sent, so it offers exactly the
 * records the server accepts. A user who may not list the referenced resource gets a disabled
 * control saying so (the server would refuse the page call), never a failing request.
 */
import { useSelect } from '@refinedev/antd';
import { useOne, type CrudFilter } from '@refinedev/core';
import { Select, type SelectProps } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorNotification } from '../providers/data-provider';
import { findResource } from '../resources';
import type { FieldSchema } from './resource';
import { useHasPermission } from './use-resource-access';

/** Options of one page: enough to choose from, and the search narrows the rest. */
export const REFERENCE_PAGE_SIZE = 20;

interface Props {
  schema: FieldSchema;
  /** The current label of the value the form was loaded with (`<field>Label` of the record; for several references, their labels). */
  initialLabel?: unknown;
  /** For several references: the ids the form was loaded with, whose labels initialLabel holds in the same order. */
  initialValue?: unknown;
  placeholder?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
  disabled?: boolean;
}

export function ReferenceSelect({ schema, initialLabel, initialValue, placeholder, ...rest }: Props) {
  const { t } = useTranslation();
  const reference = schema.reference!;
  const target = findResource(reference.resource);
  const may = useHasPermission();
  const allowed = !!target && may(target.permissions.list);
  const filters = useMemo<CrudFilter[]>(
    () => Object.entries(reference.filter ?? {}).map(([field, value]) => ({ field, operator: 'eq', value })),
    [reference.filter],
  );
  const { selectProps } = useSelect({
    resource: reference.resource,
    optionLabel: reference.labelField as never,
    optionValue: 'id' as never,
    filters,
    onSearch: (text) => [{ field: reference.labelField, operator: 'contains', value: text.trim() }],
    pagination: { currentPage: 1, pageSize: REFERENCE_PAGE_SIZE, mode: 'server' },
    debounce: 300,
    errorNotification,
    queryOptions: { enabled: allowed },
  });
  // A value given without its label (a page's fixed default, the corporation whose accounts are listed) is named by reading its record.
  const unnamed = typeof rest.value === 'string' && rest.value !== '' && typeof initialLabel !== 'string';
  const { result: valueRecord } = useOne({
    resource: reference.resource,
    id: typeof rest.value === 'string' ? rest.value : undefined,
    queryOptions: { enabled: allowed && unnamed },
    errorNotification,
  });
  // Labels of the records chosen here: a new search replaces the options, and the chosen one must still read as its name, never its id.
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const label = t(schema.label);
  if (!allowed) {
    return (
      <Select
        {...rest}
        disabled
        placeholder={t('kit:form.referenceForbidden', { list: target ? t(target.title) : reference.resource, label })}
        options={[]}
        data-testid="reference-forbidden"
      />
    );
  }
  // The loaded value is shown by its label even when it is not on the page of options fetched.
  const options = [...(selectProps.options ?? [])];
  if (schema.multiple) {
    // Several references: every id held is named by the label the record came with, or the one picked here.
    const ids = Array.isArray(rest.value) ? rest.value.map(String) : [];
    const loaded = Array.isArray(initialLabel) ? initialLabel : [];
    const loadedIds = Array.isArray(initialValue) ? initialValue.map(String) : [];
    ids.forEach((id) => {
      const at = loadedIds.indexOf(id);
      const held = chosen[id] ?? (at >= 0 && typeof loaded[at] === 'string' ? (loaded[at] as string) : undefined);
      if (held !== undefined && !options.some((o) => o.value === id)) options.unshift({ value: id, label: held });
    });
    return (
      <Select<string[]>
        {...(selectProps as unknown as SelectProps<string[]>)}
        {...rest}
        mode="multiple"
        value={ids}
        options={options}
        onChange={(value, option) => {
          const picked = Array.isArray(option) ? option : [];
          setChosen((known) => ({
            ...known,
            ...Object.fromEntries(picked.flatMap((o) => (o && typeof o.value === 'string' && typeof o.label === 'string' ? [[o.value, o.label]] : []))),
          }));
          rest.onChange?.(value ?? []);
        }}
        allowClear={!schema.required}
        placeholder={placeholder ?? t('kit:form.referencePlaceholder', { label })}
        data-testid={`reference-${reference.resource}`}
      />
    );
  }
  const read = valueRecord?.id === rest.value ? valueRecord?.[reference.labelField] : undefined;
  const held =
    typeof rest.value === 'string'
      ? (chosen[rest.value] ?? (typeof initialLabel === 'string' ? initialLabel : typeof read === 'string' ? read : undefined))
      : undefined;
  if (held !== undefined && !options.some((o) => o.value === rest.value)) options.unshift({ value: rest.value as string, label: held });
  return (
    <Select<string>
      {...(selectProps as SelectProps<string>)}
      {...rest}
      value={typeof rest.value === 'string' ? rest.value : undefined}
      options={options}
      onChange={(value, option) => {
        const picked = Array.isArray(option) ? undefined : option;
        if (typeof value === 'string' && picked && typeof picked.label === 'string') setChosen((known) => ({ ...known, [value]: String(picked.label) }));
        rest.onChange?.(value ?? null);
      }}
      allowClear={!schema.required}
      placeholder={placeholder ?? t('kit:form.referencePlaceholder', { label })}
      data-testid={`reference-${reference.resource}`}
    />
  );
}

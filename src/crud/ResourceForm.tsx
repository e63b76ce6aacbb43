import { Form, Input, Modal, type FormProps, type ModalProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { isMasked } from '../lib/masking';
import { editRules, FieldInput, fieldRules, fieldsOf, referenceLabelOf } from './fields';
import { ownedElsewhere, type AnyResource } from './resource';

/** A label's width at the form's 14 px: a Chinese character is a full em, a Latin one about half; plus the asterisk and the colon. */
const labelPixels = (label: string) => Array.from(label).reduce((width, char) => width + (char.charCodeAt(0) > 0x2e7f ? 14 : 7.5), 0) + 34;

interface Props {
  resource: AnyResource;
  mode: 'create' | 'edit';
  modalProps: ModalProps;
  formProps: FormProps;
  /** Fields the page fixes (its list's fixed filters: the corporation whose accounts it shows): shown, sent, not chosen. */
  fixed?: readonly string[];
}

/**
 * The create or edit form of a resource in a modal (RuoYi's way: the list stays where it was).
 * Read-only fields are not edited; create-only fields are shown but locked when editing; a field
 * another process owns is shown with where it is changed, and not sent; a sensitive field left
 * masked is neither validated nor sent (editRules). The edit form carries the dataVersion it was
 * read at, so a save over someone else's is refused.
 */
export function ResourceFormModal({ resource, mode, modalProps, formProps, fixed = [] }: Props) {
  const { t } = useTranslation();
  const title = t(resource.item ?? resource.title);
  // An editor needs room to write in; plain fields read best in a narrow form.
  const wide = fieldsOf(resource).some(([, schema]) => schema.type === 'richText');
  // Room for the longest label with its asterisk and colon (法定代表人身份证号 was cut at 120 px); longer ones wrap.
  const labelWidth = Math.min(200, Math.max(120, ...fieldsOf(resource).map(([, schema]) => labelPixels(t(schema.label)))));
  return (
    <Modal
      {...modalProps}
      title={t(mode === 'create' ? 'kit:form.createTitle' : 'kit:form.editTitle', { title })}
      okText={t('kit:form.ok')}
      cancelText={t('kit:form.cancel')}
      width={wide ? 960 : 640}
      destroyOnHidden
      maskClosable={false}
    >
      <Form
        {...formProps}
        name={`${resource.name}-${mode}`}
        layout="horizontal"
        labelCol={{ flex: `${labelWidth}px` }}
        labelWrap
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0 } }}
        data-testid={`${resource.name}-${mode}-form`}
      >
        <ResourceFormFields resource={resource} mode={mode} initialValues={formProps.initialValues as Record<string, unknown> | undefined} fixed={fixed} />
        {mode === 'edit' && (
          <Form.Item name="dataVersion" hidden>
            <input type="hidden" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

interface FieldsProps {
  resource: AnyResource;
  mode: 'create' | 'edit';
  /** The values the form opens with: the record, or a returned change's proposal over it. */
  initialValues?: Record<string, unknown>;
  fixed?: readonly string[];
}

/**
 * The form items of a resource's create or edit form, inside the caller's antd Form: the list's modal
 * and the task view's form of a returned change (src/crud/approval/ResubmitForm.tsx) show the same
 * fields with the same rules.
 */
export function ResourceFormFields({ resource, mode, initialValues, fixed = [] }: FieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      {fieldsOf(resource)
        .filter(([, schema]) => !schema.readOnly)
        .map(([name, schema]) => {
          const label = t(schema.label);
          const original = initialValues?.[name];
          // An owner bound to some records (a core enterprise's legal person) holds the field only on those.
          if (mode === 'edit' && ownedElsewhere(schema, resource, initialValues ?? {})) {
            const owner = schema.ownedBy!;
            // Shown, not a form value: it is neither sent nor validated, and the hint says where it changes.
            const hint = owner.onlyFor
              ? t('kit:form.ownedByFor', { where: t(owner.where), records: t(owner.onlyFor.records) })
              : t('kit:form.ownedBy', { where: t(owner.where) });
            return (
              <Form.Item key={name} label={label} extra={hint}>
                <Input value={String(referenceLabelOf(schema, name, initialValues) ?? original ?? '')} disabled data-testid={`owned-${name}`} />
              </Form.Item>
            );
          }
          // A value that cannot be changed here is not checked here either (the server ignores it).
          const locked = (mode === 'edit' && !!schema.createOnly) || fixed.includes(name);
          // A masked value (an edit's, or a returned proposal's) is checked only once changed (editRules).
          const keptMask = !!schema.sensitive && !locked && isMasked(original);
          const rules = locked ? [] : mode === 'edit' || keptMask ? editRules(name, schema, t, original) : fieldRules(schema, t);
          return (
            // The asterisk is said outright: antd cannot read `required` from rules that decide at validation time (editRules).
            <Form.Item
              key={name}
              name={name}
              label={label}
              rules={rules}
              required={!locked && !!schema.required}
              extra={keptMask ? t('kit:form.maskedKept', { label }) : undefined}
              valuePropName={schema.type === 'boolean' ? 'checked' : 'value'}
            >
              <FieldInput
                schema={schema}
                // A picker says how to choose (type a name to search) itself.
                placeholder={
                  schema.type === 'reference' ? undefined : t(schema.type === 'dict' ? 'kit:form.selectPlaceholder' : 'kit:form.placeholder', { label })
                }
                disabled={locked}
                initialLabel={referenceLabelOf(schema, name, initialValues)}
                initialValue={original}
              />
            </Form.Item>
          );
        })}
    </>
  );
}

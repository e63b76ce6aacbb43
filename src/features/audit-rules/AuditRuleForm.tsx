/**
 * 新增规则 / 修改 on 审计规则 (issue 41 item 1): the rule's name, severity, owner, kind and the kind's
 * parameters (the two functions or the restricted one as permissions and process steps, the roles,
 * the processes). Submitting proposes the change: it takes effect only once a second person approves
 * it in the task centre (Process_AUDIT_RULE_CHANGE); the server checks the whole proposal again and
 * its refusals (a stale version, a pending change, an unknown permission …) are shown as it words them.
 */
import { Form, Input, Modal, Select, Switch, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AUDIT_RULE_ID_PATTERN,
  AUDIT_RULE_KINDS,
  AUDIT_RULE_NAME_MAX,
  AUDIT_RULES_API,
  AUDIT_SEVERITIES,
  nameOf,
  type AuditFunction,
  type AuditRule,
} from '../../lib/audit-rules';
import { OPERATION_ACTION } from '../../resources/operation-log';
import { permissionOptions } from '../../lib/permission-labels';
import { api } from '../../providers/http';
import { PROCESS_DEFINITIONS, PROCESS_KEYS } from '../../workflows/registry';
import { processLabel, stepLabel } from './rule-fields';

export interface RuleOptions {
  roles: Array<{ code: string; roleName: string }>;
  permissions: string[];
}

interface FunctionValues {
  name: string;
  permissions: string[];
  steps: string[];
}
export interface RuleFormValues {
  id: string;
  name: string;
  severity: AuditRule['severity'];
  owner: string;
  kind: AuditRule['kind'];
  a?: FunctionValues;
  b?: FunctionValues;
  fn?: FunctionValues;
  mitigatedRoles?: string[];
  allowedRoles?: string[];
  allProcesses?: boolean;
  processKeys?: string[];
  roles?: string[];
  ignoredActions?: string[];
}

/** A permission is found by its label or its code, whichever the operator types. */
const matchesPermission = (input: string, option?: { label: string; value: string }) =>
  !!option && [option.label, option.value].some((text) => text.toLowerCase().includes(input.trim().toLowerCase()));

const stepKey = (s: { processKey: string; step: string }) => `${s.processKey}.${s.step}`;
const stepRef = (key: string) => ({ processKey: key.slice(0, key.lastIndexOf('.')), step: key.slice(key.lastIndexOf('.') + 1) });

/** The form's values for a rule (a rule in force, or what a returned change proposes). */
export function ruleFormValues(rule: AuditRule, t: TFunction): RuleFormValues {
  const fnValues = (f: AuditFunction): FunctionValues => ({
    name: nameOf(f, t),
    permissions: [...(f.permissions ?? [])],
    steps: (f.steps ?? []).map(stepKey),
  });
  return {
    id: rule.id,
    name: nameOf(rule, t),
    severity: rule.severity,
    owner: rule.owner,
    kind: rule.kind,
    ...(rule.kind === 'CONFLICTING_FUNCTIONS' ? { a: fnValues(rule.a), b: fnValues(rule.b), mitigatedRoles: [...(rule.mitigatedRoles ?? [])] } : {}),
    ...(rule.kind === 'RESTRICTED_FUNCTION' ? { fn: fnValues(rule.fn), allowedRoles: [...rule.allowedRoles] } : {}),
    ...(rule.kind === 'FOUR_EYES_IN_FACT'
      ? { allProcesses: rule.processKeys === '*', processKeys: rule.processKeys === '*' ? [] : [...rule.processKeys] }
      : {}),
    ...(rule.kind === 'READ_ONLY_IN_FACT' ? { roles: [...rule.roles], ignoredActions: [...rule.ignoredActions] } : {}),
  };
}

/**
 * The rule as the server reads it from the form's values. `shipped`: the rule the form was filled from;
 * a name left as the shipped one was shown keeps its locale key (so it reads in every language), an
 * edited one is sent as written.
 */
export function ruleBody(v: RuleFormValues, shipped: AuditRule | undefined, t: TFunction): Record<string, unknown> {
  const named = (written: string, from: { nameKey?: string; name?: string } | undefined) =>
    from?.nameKey && !from.name && written === nameOf(from, t) ? { nameKey: from.nameKey } : { name: written };
  const fnOut = (values: FunctionValues | undefined, from: AuditFunction | undefined) => ({
    ...named(values?.name ?? '', from),
    permissions: values?.permissions ?? [],
    steps: (values?.steps ?? []).map(stepRef),
  });
  return {
    ...named(v.name, shipped),
    severity: v.severity,
    owner: v.owner,
    kind: v.kind,
    ...(v.kind === 'CONFLICTING_FUNCTIONS'
      ? {
          a: fnOut(v.a, shipped?.kind === 'CONFLICTING_FUNCTIONS' ? shipped.a : undefined),
          b: fnOut(v.b, shipped?.kind === 'CONFLICTING_FUNCTIONS' ? shipped.b : undefined),
          mitigatedRoles: v.mitigatedRoles ?? [],
        }
      : {}),
    ...(v.kind === 'RESTRICTED_FUNCTION'
      ? { fn: fnOut(v.fn, shipped?.kind === 'RESTRICTED_FUNCTION' ? shipped.fn : undefined), allowedRoles: v.allowedRoles ?? [] }
      : {}),
    ...(v.kind === 'FOUR_EYES_IN_FACT' ? { processKeys: v.allProcesses ? '*' : (v.processKeys ?? []) } : {}),
    ...(v.kind === 'READ_ONLY_IN_FACT' ? { roles: v.roles ?? [], ignoredActions: v.ignoredActions ?? [] } : {}),
  };
}

/**
 * The rule's fields, shared by the proposal's dialog and a returned change's form in the task view
 * (AuditRuleChangeResubmitForm). `withId`: a new rule's id is asked for (a proposal of a new rule only;
 * a returned change keeps the id it was proposed with).
 */
export function RuleFields({ form, options, withId }: { form: FormInstance<RuleFormValues>; options: RuleOptions | null; withId: boolean }) {
  const { t } = useTranslation();
  const kind = Form.useWatch('kind', form);
  const allProcesses = Form.useWatch('allProcesses', form);
  const roleOptions = useMemo(() => (options?.roles ?? []).map((r) => ({ value: r.code, label: r.roleName })), [options]);
  // Offered by their labels (融资资格申请 · 新增); the value sent and stored stays the code.
  const permissionChoices = useMemo(() => permissionOptions(options?.permissions ?? [], t), [options, t]);
  const stepOptions = useMemo(
    () =>
      PROCESS_KEYS.flatMap((processKey) =>
        Object.keys(PROCESS_DEFINITIONS[processKey].activities).map((step) => ({ value: `${processKey}.${step}`, label: stepLabel({ processKey, step }, t) })),
      ),
    [t],
  );
  const processOptions = useMemo(() => PROCESS_KEYS.map((k) => ({ value: k, label: processLabel(k, t) })), [t]);
  const actionOptions = useMemo(
    () => Object.values(OPERATION_ACTION).map((a) => ({ value: a, label: t(`dict:sys_oper_action.${a}`, { defaultValue: a }) })),
    [t],
  );
  const required = (label: string) => [{ required: true, message: t('auditRules:errors.functionRequired', { what: label }) }];
  const functionFields = (field: 'a' | 'b' | 'fn') => {
    const label = t(`auditRules:form.${field}`);
    return (
      <fieldset key={field} style={{ border: '1px solid #f0f0f0', padding: '8px 12px 0', marginBottom: 16 }} data-testid={`audit-rule-form-${field}`}>
        <legend style={{ fontSize: 14, width: 'auto', padding: '0 4px', margin: 0, border: 0 }}>{label}</legend>
        <Form.Item name={[field, 'name']} label={t('auditRules:form.fnName')} rules={[...required(label), { max: AUDIT_RULE_NAME_MAX }]}>
          <Input maxLength={AUDIT_RULE_NAME_MAX} />
        </Form.Item>
        <Form.Item name={[field, 'permissions']} label={t('auditRules:form.permissions')}>
          <Select
            mode="multiple"
            allowClear
            showSearch
            options={permissionChoices}
            filterOption={matchesPermission}
            data-testid={`audit-rule-permissions-${field}`}
          />
        </Form.Item>
        <Form.Item name={[field, 'steps']} label={t('auditRules:form.steps')}>
          <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={stepOptions} />
        </Form.Item>
      </fieldset>
    );
  };
  return (
    <>
      {withId && (
        <Form.Item
          name="id"
          label={t('auditRules:form.id')}
          extra={t('auditRules:form.idHelp')}
          rules={[{ required: true, pattern: AUDIT_RULE_ID_PATTERN, message: t('auditRules:errors.ruleId') }]}
        >
          <Input maxLength={40} />
        </Form.Item>
      )}
      <Form.Item
        name="name"
        label={t('auditRules:form.name')}
        rules={[
          { required: true, whitespace: true, max: AUDIT_RULE_NAME_MAX, message: t('auditRules:errors.nameRequired', { what: t('auditRules:form.name') }) },
        ]}
      >
        <Input maxLength={AUDIT_RULE_NAME_MAX} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 12 }}>
        <Form.Item
          name="severity"
          label={t('auditRules:form.severity')}
          style={{ flex: 1 }}
          rules={[{ required: true, message: t('auditRules:errors.severity') }]}
        >
          <Select options={AUDIT_SEVERITIES.map((s) => ({ value: s, label: t(`auditRules:severities.${s}`) }))} />
        </Form.Item>
        <Form.Item name="owner" label={t('auditRules:form.owner')} style={{ flex: 1 }} rules={[{ required: true, message: t('auditRules:errors.owner') }]}>
          <Select showSearch optionFilterProp="label" options={roleOptions} />
        </Form.Item>
        <Form.Item name="kind" label={t('auditRules:form.kind')} style={{ flex: 1 }} rules={[{ required: true, message: t('auditRules:errors.kind') }]}>
          <Select options={AUDIT_RULE_KINDS.map((k) => ({ value: k, label: t(`auditRules:kinds.${k}`) }))} />
        </Form.Item>
      </div>
      {kind === 'CONFLICTING_FUNCTIONS' && (
        <>
          {functionFields('a')}
          {functionFields('b')}
          <Form.Item name="mitigatedRoles" label={t('auditRules:form.mitigatedRoles')}>
            <Select mode="multiple" allowClear optionFilterProp="label" options={roleOptions} />
          </Form.Item>
        </>
      )}
      {kind === 'RESTRICTED_FUNCTION' && (
        <>
          {functionFields('fn')}
          <Form.Item
            name="allowedRoles"
            label={t('auditRules:form.allowedRoles')}
            rules={[{ required: true, message: t('auditRules:errors.rolesRequired', { field: t('auditRules:form.allowedRoles') }) }]}
          >
            <Select mode="multiple" allowClear optionFilterProp="label" options={roleOptions} />
          </Form.Item>
        </>
      )}
      {kind === 'FOUR_EYES_IN_FACT' && (
        <>
          <Form.Item name="allProcesses" label={t('auditRules:form.allProcesses')} valuePropName="checked">
            <Switch />
          </Form.Item>
          {!allProcesses && (
            <Form.Item
              name="processKeys"
              label={t('auditRules:form.processKeys')}
              rules={[{ required: true, message: t('auditRules:errors.processesRequired') }]}
            >
              <Select mode="multiple" allowClear optionFilterProp="label" options={processOptions} />
            </Form.Item>
          )}
        </>
      )}
      {kind === 'READ_ONLY_IN_FACT' && (
        <>
          <Form.Item
            name="roles"
            label={t('auditRules:form.roles')}
            rules={[{ required: true, message: t('auditRules:errors.rolesRequired', { field: t('auditRules:form.roles') }) }]}
          >
            <Select mode="multiple" allowClear optionFilterProp="label" options={roleOptions} />
          </Form.Item>
          <Form.Item name="ignoredActions" label={t('auditRules:form.ignoredActions')}>
            <Select mode="multiple" allowClear optionFilterProp="label" options={actionOptions} />
          </Form.Item>
        </>
      )}
    </>
  );
}

export function AuditRuleForm({
  open,
  rule,
  dataVersion,
  options,
  onClose,
  onProposed,
}: {
  open: boolean;
  /** The rule to change; undefined for a new one. */
  rule?: AuditRule;
  dataVersion?: number;
  options: RuleOptions | null;
  onClose: () => void;
  onProposed: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!open) return;
    setError(null);
    form.resetFields();
    if (!rule) {
      form.setFieldsValue({ severity: 'high', kind: 'CONFLICTING_FUNCTIONS', owner: 'ROLE_OP_AUDITOR', allProcesses: false });
      return;
    }
    form.setFieldsValue(ruleFormValues(rule, t));
  }, [open, rule, form, t]);

  const submit = async () => {
    const v = await form.validateFields();
    const body = ruleBody(v, rule, t);
    setSaving(true);
    setError(null);
    try {
      await api.post(
        AUDIT_RULES_API.proposeChange,
        rule ? { action: 'update', ruleId: rule.id, dataVersion, rule: body } : { action: 'create', ruleId: v.id, rule: body },
      );
      onProposed();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={760}
      title={rule ? t('auditRules:form.editTitle', { id: rule.id }) : t('auditRules:form.addTitle')}
      okText={t('auditRules:form.submit')}
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="audit-rule-form"
    >
      {error && (
        <div role="alert" style={{ color: '#ff4d4f', marginBottom: 12 }} data-testid="audit-rule-form-error">
          {error}
        </div>
      )}
      <Form form={form} layout="vertical" preserve={false}>
        <RuleFields form={form} options={options} withId={!rule} />
      </Form>
    </Modal>
  );
}

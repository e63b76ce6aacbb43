import { EditOutlined, KeyOutlined, LockOutlined, PlusOutlined, StopOutlined, CheckCircleOutlined, UnlockOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button, Form, Input, Modal, Select, Space, Switch, Tag, Tooltip, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT, FieldValue } from '../../crud/fields';
import { ResourceList } from '../../crud/ResourceList';
import { formatDate } from '../../lib/dates';
import { useHasPermission } from '../../crud/use-resource-access';
import { PASSWORD_MAX_LENGTH, isStrongPassword } from '../../lib/password';
import { PERMISSIONS } from './permissions';
import { encryptWithPublicKey } from '../../providers/auth-provider';
import { api } from '../../providers/http';
import { ACCOUNT_STATUS, STAFF_CALLS, USERNAME_PATTERN, staffResource } from '../../resources/staff';
import { useCurrentUserId, useSubmit } from './shared';

interface StaffRow {
  id: string;
  username: string;
  personName: string;
  status: string;
  roleIds: string[];
  positions: string[];
  corpIds: string[];
  defaultCorpId: string | null;
  orgId: string | null;
  sensitiveWhitelist: boolean;
  /** Locked by five failed sign-ins, until lockedUntil (the server says whether it still holds). */
  locked: boolean;
  lockedUntil: string | null;
  dataVersion: number;
}

interface Options {
  roles: Array<{ id: string; roleName: string; code: string; status: string }>;
  corps: Array<{ id: string; corpName: string }>;
  positions: Array<{ id: string; name: string }>;
  orgs: OrgOption[];
}

interface OrgOption {
  id: string;
  parentId: string | null;
  orgName: string;
  status: string;
}

interface OrgNode {
  value: string;
  title: string;
  disabled: boolean;
  children: OrgNode[];
}

/**
 * The organisation tree for the department picker, by name. A disabled department cannot take a new
 * member (the server refuses it too) but stays shown, marked, where the account already is.
 */
function orgTree(orgs: readonly OrgOption[], current: string | null, disabledLabel: string): OrgNode[] {
  const nodes = new Map<string, OrgNode>();
  for (const o of orgs) {
    const disabled = o.status !== ACCOUNT_STATUS.enabled;
    nodes.set(o.id, { value: o.id, title: disabled ? `${o.orgName}（${disabledLabel}）` : o.orgName, disabled: disabled && o.id !== current, children: [] });
  }
  const roots: OrgNode[] = [];
  for (const o of orgs) {
    const parent = o.parentId ? nodes.get(o.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(o.id)!);
  }
  return roots;
}

/** The form's choices: every role, organisation and position (the server checks them again). */
function useOptions(open: boolean): Options | undefined {
  const [options, setOptions] = useState<Options>();
  useEffect(() => {
    if (open) api.post<Options>(STAFF_CALLS.options, {}).then(setOptions, () => undefined);
  }, [open]);
  return options;
}

function StaffFormModal({ editing, open, onClose }: { editing: StaffRow | null; open: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const options = useOptions(open);
  const { submit, submitting } = useSubmit();
  const corpIds = (Form.useWatch('corpIds', form) as string[] | undefined) ?? [];

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) form.setFieldsValue(editing);
    else form.setFieldsValue({ sensitiveWhitelist: false, roleIds: [], positions: [], corpIds: [] });
  }, [open, editing, form]);

  const save = () =>
    form
      .validateFields()
      .then((values: Record<string, unknown>) =>
        submit(
          async () => {
            const body = { ...values, defaultCorpId: values.defaultCorpId ?? null };
            if (editing) await api.post(STAFF_CALLS.update, { ...body, id: editing.id, dataVersion: editing.dataVersion });
            else await api.post(STAFF_CALLS.save, { ...body, password: await encryptWithPublicKey(String(values.password).trim()) });
            onClose(true);
          },
          editing ? 'staff:staff.saved' : 'staff:staff.created',
        ),
      )
      .catch(() => undefined); // the form or the notice already says what is wrong

  return (
    <Modal
      title={editing ? `${t('staff:staff.edit')}${t('staff:staff.item')}` : t('staff:staff.create')}
      open={open}
      onOk={save}
      okButtonProps={{ loading: submitting }}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={640}
      data-testid="staff-form"
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="username"
          label={t('staff:staff.fields.username')}
          rules={[
            { required: true, whitespace: true, message: t('staff:staff.usernameRequired') },
            { min: 3, max: 50 },
            { pattern: new RegExp(USERNAME_PATTERN.source), message: `${t('staff:staff.fields.username')}${t(USERNAME_PATTERN.message)}` },
          ]}
        >
          <Input disabled={!!editing} autoComplete="off" maxLength={50} />
        </Form.Item>
        <Form.Item
          name="personName"
          label={t('staff:staff.fields.personName')}
          rules={[{ required: true, whitespace: true, message: t('staff:staff.personNameRequired') }, { max: 50 }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="password"
            label={t('staff:staff.fields.password')}
            extra={t('staff:staff.passwordHint')}
            rules={[
              { required: true, whitespace: true, message: t('staff:staff.passwordRequired') },
              {
                validator: (_, value: string | undefined) =>
                  !value || isStrongPassword(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('auth:password.weak'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
          </Form.Item>
        )}
        <Form.Item name="orgId" label={t('staff:staff.fields.orgId')} rules={[{ required: true, message: t('staff:errors.orgRequired') }]}>
          <TreeSelect
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('staff:errors.orgRequired')}
            treeData={options ? orgTree(options.orgs, editing?.orgId ?? null, t('dict:sys_normal_disable.1')) : []}
            data-testid="staff-org"
          />
        </Form.Item>
        <Form.Item name="roleIds" label={t('staff:staff.fields.roles')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={options?.roles.map((r) => ({
              value: r.id,
              label: r.status === ACCOUNT_STATUS.enabled ? r.roleName : `${r.roleName}（${t('dict:sys_normal_disable.1')}）`,
            }))}
            data-testid="staff-roles"
          />
        </Form.Item>
        <Form.Item name="positions" label={t('staff:staff.fields.positions')}>
          <Select mode="multiple" allowClear options={options?.positions.map((p) => ({ value: p.id, label: p.name }))} />
        </Form.Item>
        <Form.Item name="corpIds" label={t('staff:staff.fields.corps')}>
          <Select
            mode="multiple"
            allowClear
            optionFilterProp="label"
            options={options?.corps.map((c) => ({ value: c.id, label: c.corpName }))}
            data-testid="staff-corps"
          />
        </Form.Item>
        <Form.Item name="defaultCorpId" label={t('staff:staff.fields.defaultCorp')}>
          <Select allowClear options={options?.corps.filter((c) => corpIds.includes(c.id)).map((c) => ({ value: c.id, label: c.corpName }))} />
        </Form.Item>
        <Form.Item name="sensitiveWhitelist" label={t('staff:staff.fields.sensitiveWhitelist')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ResetPasswordModal({ target, onClose }: { target: StaffRow | null; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ password: string }>();
  const { submit, submitting } = useSubmit();
  const save = () =>
    form
      .validateFields()
      .then(({ password }) =>
        submit(async () => {
          await api.post(STAFF_CALLS.resetPassword, { id: target!.id, password: await encryptWithPublicKey(password.trim()) });
          onClose(true);
        }, 'staff:staff.passwordReset'),
      )
      .catch(() => undefined);
  return (
    <Modal
      title={`${t('staff:staff.resetPassword')}：${target?.personName ?? ''}`}
      open={!!target}
      onOk={save}
      okButtonProps={{ loading: submitting }}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item
          name="password"
          label={t('staff:staff.fields.newPassword')}
          extra={t('staff:staff.passwordHint')}
          rules={[
            { required: true, whitespace: true, message: t('staff:staff.passwordRequired') },
            {
              validator: (_, value: string | undefined) =>
                !value || isStrongPassword(value.trim()) ? Promise.resolve() : Promise.reject(new Error(t('auth:password.weak'))),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" maxLength={PASSWORD_MAX_LENGTH} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 用户管理: the kit's list of accounts (search, show), with 新增用户, 修改, 停用 / 启用, 解锁 (a name
 * locked by failed sign-ins, tagged 已锁定 beside its status) and 重置密码 behind their permissions. The initial password travels RSA-encrypted; the server refuses what the
 * rules forbid (one's own account, the last administrator) with its own message.
 */
export default function StaffPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const may = useHasPermission();
  const me = useCurrentUserId();
  const { submit } = useSubmit();
  const [form, setForm] = useState<{ open: boolean; editing: StaffRow | null }>({ open: false, editing: null });
  const [resetting, setResetting] = useState<StaffRow | null>(null);
  const refresh = () => invalidate({ resource: staffResource.name, invalidates: ['list', 'detail'] });

  const toggle = (row: StaffRow) => {
    const disabling = row.status === ACCOUNT_STATUS.enabled;
    modal.confirm({
      title: t(disabling ? 'staff:staff.disable' : 'staff:staff.enable'),
      content: t(disabling ? 'staff:staff.disableConfirm' : 'staff:staff.enableConfirm', { name: row.personName }),
      okType: disabling ? 'danger' : 'primary',
      okText: t(disabling ? 'staff:staff.disable' : 'staff:staff.enable'),
      cancelText: t('kit:form.cancel'),
      onOk: () =>
        submit(() => api.post(disabling ? STAFF_CALLS.disable : STAFF_CALLS.enable, { id: row.id }), disabling ? 'staff:staff.disabled' : 'staff:staff.enabled')
          .catch(() => undefined)
          .finally(refresh),
    });
  };

  const unlock = (row: StaffRow) =>
    modal.confirm({
      title: t('staff:staff.unlock'),
      content: t('staff:staff.unlockConfirm', { name: row.personName }),
      okText: t('staff:staff.unlock'),
      cancelText: t('kit:form.cancel'),
      onOk: () =>
        submit(() => api.post(STAFF_CALLS.unlock, { id: row.id, dataVersion: row.dataVersion }), 'staff:staff.unlocked')
          .catch(() => undefined)
          .finally(refresh),
    });

  return (
    <>
      <ResourceList
        resource={staffResource}
        renderers={{
          // A locked name cannot sign in although its account is 正常: said beside the status, with until when.
          status: (value, record) => (
            <Space size={4} wrap>
              <FieldValue schema={staffResource.fields.status} value={value} t={t} />
              {(record as unknown as StaffRow).locked && (
                <Tooltip title={t('staff:staff.lockedUntil', { time: formatDate((record as unknown as StaffRow).lockedUntil, DATETIME_FORMAT) })}>
                  <Tag color="error" bordered={false} icon={<LockOutlined />} data-testid="staff-locked">
                    {t('staff:staff.locked')}
                  </Tag>
                </Tooltip>
              )}
            </Space>
          ),
        }}
        toolbarExtra={
          may(PERMISSIONS.staff.add) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })} data-testid="staff-create">
              {t('staff:staff.create')}
            </Button>
          ) : null
        }
        rowActions={(record) => {
          const row = record as unknown as StaffRow;
          const self = row.id === me;
          return (
            <>
              {may(PERMISSIONS.staff.edit) && (
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setForm({ open: true, editing: row })} data-testid="staff-edit">
                  {t('staff:staff.edit')}
                </Button>
              )}
              {may(PERMISSIONS.staff.status) && !self && (
                <Button
                  type="link"
                  size="small"
                  danger={row.status === ACCOUNT_STATUS.enabled}
                  icon={row.status === ACCOUNT_STATUS.enabled ? <StopOutlined /> : <CheckCircleOutlined />}
                  onClick={() => toggle(row)}
                  data-testid="staff-toggle"
                >
                  {t(row.status === ACCOUNT_STATUS.enabled ? 'staff:staff.disable' : 'staff:staff.enable')}
                </Button>
              )}
              {may(PERMISSIONS.staff.status) && !self && row.locked && (
                <Button type="link" size="small" icon={<UnlockOutlined />} onClick={() => unlock(row)} data-testid="staff-unlock">
                  {t('staff:staff.unlock')}
                </Button>
              )}
              {may(PERMISSIONS.staff.resetPwd) && !self && (
                <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(row)} data-testid="staff-reset">
                  {t('staff:staff.resetPassword')}
                </Button>
              )}
            </>
          );
        }}
      />
      <StaffFormModal
        open={form.open}
        editing={form.editing}
        onClose={(changed) => {
          setForm({ open: false, editing: null });
          if (changed) void refresh();
        }}
      />
      <ResetPasswordModal
        target={resetting}
        onClose={(changed) => {
          setResetting(null);
          if (changed) void refresh();
        }}
      />
    </>
  );
}

import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Alert, App, Button, Form, Input, Modal, Radio, Spin, Tag, Tree } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import { useHasPermission } from '../../crud/use-resource-access';
import { ALL_PERMISSIONS_WILDCARD } from '../../lib/permissions';
import { PERMISSIONS } from './permissions';
import { api } from '../../providers/http';
import { ACCOUNT_STATUS, ROLE_CALLS, ROLE_CODE_PATTERN, roleResource, type GrantTreeNode, type RoleGrants } from '../../resources/staff';
import { useSubmit } from './shared';
import { Typed } from '../../components/Typed';

interface RoleRow {
  id: string;
  roleName: string;
  code: string;
  status: string;
  dataVersion: number;
  builtIn: boolean;
}

const MENU = 'm:';
const BUTTON = 'p:';

const toDataNodes = (nodes: readonly GrantTreeNode[]): DataNode[] =>
  nodes.map((node) => ({
    key: node.key,
    title: node.kind === 'button' ? <span className="grant-button">{node.title}</span> : node.title,
    children: node.children ? toDataNodes(node.children) : undefined,
  }));

/** The keys a role's grants tick: its buttons, and its menus that have nothing under them (antd ticks the parents). */
function checkedKeysOf(tree: readonly GrantTreeNode[], grants: Pick<RoleGrants, 'menuIds' | 'permissions'>): string[] {
  const menus = new Set(grants.menuIds);
  const all = grants.permissions.includes(ALL_PERMISSIONS_WILDCARD);
  const keys: string[] = [];
  const walk = (nodes: readonly GrantTreeNode[]) => {
    for (const node of nodes) {
      if (node.kind === 'button' && (all || grants.permissions.includes(node.value))) keys.push(node.key);
      if (node.kind === 'menu' && !node.children?.length && (all || menus.has(node.value))) keys.push(node.key);
      if (node.children) walk(node.children);
    }
  };
  walk(tree);
  return keys;
}

function RoleFormModal({ editing, open, onClose }: { editing: RoleRow | null; open: boolean; onClose: (changed: boolean) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { submit, submitting } = useSubmit();
  const [tree, setTree] = useState<GrantTreeNode[]>();
  const [checked, setChecked] = useState<string[]>([]);
  const [halfChecked, setHalfChecked] = useState<string[]>([]);
  const [version, setVersion] = useState(0);
  const builtIn = editing?.builtIn === true;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ?? { status: ACCOUNT_STATUS.enabled });
    setChecked([]);
    setHalfChecked([]);
    let live = true;
    void (async () => {
      const grantTree = await api.post<GrantTreeNode[]>(ROLE_CALLS.grantTree, {});
      if (!live) return;
      setTree(grantTree);
      if (editing) {
        const role = await api.post<RoleRow & RoleGrants>(`${roleResource.apiBase}/find-by-id`, { id: editing.id });
        if (!live) return;
        setVersion(role.dataVersion);
        setChecked(checkedKeysOf(grantTree, role));
      }
    })().catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, editing, form]);

  const nodes = useMemo(() => (tree ? toDataNodes(tree) : []), [tree]);

  const save = () =>
    form
      .validateFields()
      .then((values: Record<string, unknown>) =>
        submit(async () => {
          // A half-ticked menu is granted too: some of its pages or buttons are.
          const keys = [...checked, ...halfChecked];
          const body = {
            ...values,
            menuIds: keys.filter((k) => k.startsWith(MENU)).map((k) => k.slice(MENU.length)),
            permissions: keys.filter((k) => k.startsWith(BUTTON)).map((k) => k.slice(BUTTON.length)),
          };
          if (editing) await api.post(ROLE_CALLS.update, { ...body, id: editing.id, dataVersion: version });
          else await api.post(ROLE_CALLS.save, body);
          onClose(true);
        }, 'staff:role.saved'),
      )
      .catch(() => undefined);

  return (
    <Modal
      title={editing ? `${t('staff:role.edit')}${t('staff:role.item')}` : t('staff:role.create')}
      open={open}
      onOk={save}
      okButtonProps={{ loading: submitting, disabled: builtIn }}
      onCancel={() => onClose(false)}
      destroyOnHidden
      width={720}
      data-testid="role-form"
    >
      {builtIn && <Alert type="info" showIcon message={t('staff:role.builtInHint')} style={{ marginBottom: 16 }} />}
      <Form form={form} layout="vertical" preserve={false} disabled={builtIn}>
        <Form.Item
          name="roleName"
          label={t('staff:role.fields.roleName')}
          rules={[{ required: true, whitespace: true, message: t('staff:role.roleNameRequired') }, { max: 50 }]}
        >
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('staff:role.fields.code')}
          rules={[
            { required: true, whitespace: true, message: t('staff:role.codeRequired') },
            { min: 2, max: 50 },
            { pattern: new RegExp(ROLE_CODE_PATTERN.source), message: `${t('staff:role.fields.code')}${t(ROLE_CODE_PATTERN.message)}` },
          ]}
        >
          <Input disabled={!!editing} maxLength={50} />
        </Form.Item>
        <Form.Item name="status" label={t('staff:role.fields.status')}>
          <Radio.Group
            options={[
              { value: ACCOUNT_STATUS.enabled, label: t('dict:sys_normal_disable.0') },
              { value: ACCOUNT_STATUS.disabled, label: t('dict:sys_normal_disable.1') },
            ]}
          />
        </Form.Item>
        <Form.Item label={t('staff:role.grants')} extra={t('staff:role.grantsHint')}>
          {tree ? (
            <div
              style={{ maxHeight: 360, overflow: 'auto', border: '1px solid var(--ant-color-border, #d9d9d9)', borderRadius: 6, padding: 8 }}
              data-testid="role-grant-tree"
            >
              <Tree
                checkable
                selectable={false}
                disabled={builtIn}
                treeData={nodes}
                checkedKeys={{ checked, halfChecked }}
                onCheck={(keys, info) => {
                  setChecked((Array.isArray(keys) ? keys : keys.checked).map(String));
                  setHalfChecked((info.halfCheckedKeys ?? []).map(String));
                }}
                defaultExpandedKeys={['m:m-system']}
              />
            </div>
          ) : (
            <Spin />
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * 角色管理: the kit's list of roles (search, show), with 新增角色, 修改 (name, status, and the menus and
 * buttons granted, ticked on the menu tree) and 删除 behind their permissions. A change reaches
 * signed-in users at their next user-info load; the server enforces it on their next call.
 */
export default function RolesPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const invalidate = useInvalidate();
  const may = useHasPermission();
  const { submit } = useSubmit();
  const [form, setForm] = useState<{ open: boolean; editing: RoleRow | null }>({ open: false, editing: null });
  const refresh = () => invalidate({ resource: roleResource.name, invalidates: ['list', 'detail'] });

  const remove = (row: RoleRow) =>
    modal.confirm({
      title: t('staff:role.remove'),
      content: t('staff:role.removeConfirm', { name: row.roleName }),
      okType: 'danger',
      okText: t('staff:role.remove'),
      cancelText: t('kit:form.cancel'),
      onOk: () =>
        submit(() => api.post(ROLE_CALLS.remove, { ids: [row.id] }), 'staff:role.removed')
          .catch(() => undefined)
          .finally(refresh),
    });

  return (
    <>
      <ResourceList
        resource={roleResource}
        renderers={{
          roleName: (value, record) => (
            <>
              {/* A role's name is its record's own text (the seeded ones as the release wrote them). */}
              <Typed>{String(value)}</Typed>
              {record.builtIn === true && (
                <Tag color="gold" style={{ marginLeft: 8 }}>
                  {t('staff:role.builtIn')}
                </Tag>
              )}
            </>
          ),
        }}
        toolbarExtra={
          may(PERMISSIONS.role.add) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ open: true, editing: null })} data-testid="role-create">
              {t('staff:role.create')}
            </Button>
          ) : null
        }
        rowActions={(record) => {
          const row = record as unknown as RoleRow;
          return (
            <>
              {may(PERMISSIONS.role.edit) && (
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setForm({ open: true, editing: row })} data-testid="role-edit">
                  {t('staff:role.edit')}
                </Button>
              )}
              {may(PERMISSIONS.role.remove) && !row.builtIn && (
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)} data-testid="role-remove">
                  {t('staff:role.remove')}
                </Button>
              )}
            </>
          );
        }}
      />
      <RoleFormModal
        open={form.open}
        editing={form.editing}
        onClose={(changed) => {
          setForm({ open: false, editing: null });
          if (changed) void refresh();
        }}
      />
    </>
  );
}

/**
 * 菜单管理 (issue 20 item 3): the menu tree as a tree table. An administrator adds a top-level menu
 * or a child, edits a node (path, component, icon, hidden, noCache, order, permission, or its parent:
 * a move), deletes a leaf, and keeps the buttons under a menu. The server checks every write (a
 * component the page registry does not resolve is refused under the field); a change shows in the
 * sidebar at the next user-info load. Readers (the auditor) see the same tree with no write button.
 */
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Input, Modal, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldInput, fieldRules } from '../../crud/fields';
import type { FieldSchema } from '../../crud/resource';
import { useResourceAccess } from '../../crud/use-resource-access';
import { Typed } from '../../components/Typed';
import { MenuIcon, MENU_ICON_NAMES } from '../../layout/menu-icons';
import { useTitle } from '../../routes/titles';
import { api } from '../../providers/http';
import { menuButtonResource, menuResource } from '../../resources/menus';
import { allRows, showRefusal, subtreeIds, toTree, type Row, type TreeRow } from './tree-api';

type MenuRow = Row & {
  menuUri: string;
  title: string;
  path: string;
  component: string;
  icon: string;
  orderNum: number;
  hidden: boolean;
  noCache: boolean;
  alwaysShow: boolean;
  redirect: string | null;
  permission: string | null;
};
type ButtonRow = Row & { menuId: string; title: string; permission: string; orderNum: number };

const FORM_FIELDS = ['title', 'menuUri', 'path', 'component', 'permission', 'orderNum', 'redirect', 'hidden', 'noCache', 'alwaysShow'] as const;

type Editing = { mode: 'create'; parentId: string | null } | { mode: 'edit'; row: MenuRow };

function MenuForm({ editing, rows, onClose, onSaved }: { editing: Editing; rows: MenuRow[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const blocked = useMemo(() => (editing.mode === 'edit' ? subtreeIds(rows, editing.row.id) : new Set<string>()), [editing, rows]);
  const parentOptions = useMemo(() => {
    type Option = { value: string; title: string; disabled: boolean; children?: Option[] };
    const toOption = (node: TreeRow<MenuRow>): Option => ({
      value: node.id,
      title: node.title,
      disabled: blocked.has(node.id),
      children: node.children?.map(toOption),
    });
    return toTree(rows).map(toOption);
  }, [rows, blocked]);
  const initial =
    editing.mode === 'edit'
      ? { ...editing.row, parentId: editing.row.parentId ?? undefined }
      : {
          parentId: editing.parentId ?? undefined,
          orderNum: 0,
          hidden: false,
          noCache: false,
          alwaysShow: false,
          icon: '',
          component: editing.parentId ? '' : 'Layout',
        };

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    const body: Record<string, unknown> = {
      ...values,
      parentId: values.parentId ?? null,
      permission: values.permission || null,
      redirect: values.redirect || null,
      icon: values.icon ?? '',
    };
    setSaving(true);
    try {
      if (editing.mode === 'create') await api.post(`${menuResource.apiBase}/save`, body);
      else {
        const { menuUri: _locked, ...changes } = body;
        await api.post(`${menuResource.apiBase}/update-by-id`, { ...changes, id: editing.row.id, dataVersion: editing.row.dataVersion });
      }
      void message.success(t('admin:menu.saved'));
      onSaved();
    } catch (error) {
      showRefusal(error, form, (text) => void message.error(text));
    } finally {
      setSaving(false);
    }
  };

  const title = t(editing.mode === 'create' ? 'kit:form.createTitle' : 'kit:form.editTitle', { title: t('admin:menu.item') });
  return (
    <Modal
      open
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('kit:form.ok')}
      cancelText={t('kit:form.cancel')}
      width={680}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} initialValues={initial} layout="horizontal" labelCol={{ flex: '110px' }} wrapperCol={{ flex: '1 1 0' }} data-testid="menu-form">
        <Form.Item name="parentId" label={t('admin:menu.fields.parentId')}>
          <TreeSelect
            treeData={parentOptions}
            allowClear
            placeholder={t('admin:menu.root')}
            treeDefaultExpandAll={false}
            showSearch
            treeNodeFilterProp="title"
            data-testid="menu-parent"
          />
        </Form.Item>
        {FORM_FIELDS.map((name) => {
          const schema: FieldSchema = menuResource.fields[name];
          const label = t(schema.label);
          return (
            <Form.Item
              key={name}
              name={name}
              label={label}
              rules={fieldRules(schema, t)}
              valuePropName={schema.type === 'boolean' ? 'checked' : 'value'}
              extra={name === 'component' ? t('admin:menu.componentHint') : undefined}
            >
              <FieldInput schema={schema} placeholder={t('kit:form.placeholder', { label })} disabled={editing.mode === 'edit' && schema.createOnly} />
            </Form.Item>
          );
        })}
        <Form.Item name="icon" label={t('admin:menu.fields.icon')}>
          <Select
            allowClear
            showSearch
            options={MENU_ICON_NAMES.map((name) => ({
              value: name,
              label: (
                <Space>
                  <MenuIcon name={name} />
                  {name}
                </Space>
              ),
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function ButtonsModal({ menu, writable, onClose }: { menu: MenuRow; writable: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [buttons, setButtons] = useState<ButtonRow[]>([]);
  const load = useCallback(async () => {
    const page = await api.post<{ records: ButtonRow[] }>(`${menuButtonResource.apiBase}/page`, { menuId: menu.id, pageSize: 200 });
    setButtons(page.records);
  }, [menu.id]);
  useEffect(() => void load(), [load]);

  const add = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    try {
      await api.post(`${menuButtonResource.apiBase}/save`, { ...values, menuId: menu.id });
      form.resetFields();
      await load();
    } catch (error) {
      showRefusal(error, form, (text) => void message.error(text));
    }
  };
  const remove = (button: ButtonRow) =>
    modal.confirm({
      title: t('admin:menuButton.removeConfirm', { title: button.title }),
      okType: 'danger',
      okText: t('kit:form.ok'),
      cancelText: t('kit:form.cancel'),
      onOk: () => api.post(`${menuButtonResource.apiBase}/remove-by-ids`, { ids: [button.id] }).then(load, (error: Error) => void message.error(error.message)),
    });
  const f = menuButtonResource.fields;
  return (
    <Modal open title={`${menu.title} · ${t('admin:menuButton.title')}`} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Table<ButtonRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={buttons}
        locale={{ emptyText: t('admin:menuButton.empty') }}
        columns={[
          { title: t(f.title.label), dataIndex: 'title' },
          { title: t(f.permission.label), dataIndex: 'permission', render: (value: string) => <Typography.Text code>{value}</Typography.Text> },
          { title: t(f.orderNum.label), dataIndex: 'orderNum', width: 90 },
          ...(writable
            ? [
                {
                  title: t('kit:table.actions'),
                  key: 'x',
                  width: 90,
                  render: (_: unknown, b: ButtonRow) => (
                    <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(b)} aria-label={t('kit:row.remove')} />
                  ),
                },
              ]
            : []),
        ]}
      />
      {writable && (
        <Form form={form} layout="inline" style={{ marginTop: 16 }} initialValues={{ orderNum: 0 }} data-testid="menu-button-form">
          {(['title', 'permission', 'orderNum'] as const).map((name) => (
            <Form.Item key={name} name={name} rules={fieldRules(f[name], t)}>
              <FieldInput schema={f[name]} placeholder={t(f[name].label)} />
            </Form.Item>
          ))}
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void add()}>
            {t('admin:menuButton.add')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}

export default function MenusPage() {
  const { t } = useTranslation();
  const titleOf = useTitle();
  const { message, modal } = App.useApp();
  const may = useResourceAccess(menuResource);
  const [rows, setRows] = useState<MenuRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [term, setTerm] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [buttonsOf, setButtonsOf] = useState<MenuRow | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await allRows<MenuRow>(menuResource.apiBase));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const shown = useMemo(() => {
    const needle = term.trim().toLowerCase();
    if (!needle) return toTree(rows);
    // A match keeps its ancestors, so it is found where it sits.
    const byId = new Map(rows.map((r) => [r.id, r]));
    const keep = new Set<string>();
    for (const row of rows) {
      if (![row.title, row.menuUri, row.component, row.permission ?? ''].some((v) => v.toLowerCase().includes(needle))) continue;
      for (let at: MenuRow | undefined = row; at && !keep.has(at.id); at = at.parentId ? byId.get(at.parentId) : undefined) keep.add(at.id);
    }
    return toTree(rows.filter((r) => keep.has(r.id)));
  }, [rows, term]);

  const remove = (row: MenuRow) =>
    modal.confirm({
      title: t('admin:menu.removeConfirm', { title: row.title }),
      okType: 'danger',
      okText: t('kit:form.ok'),
      cancelText: t('kit:form.cancel'),
      onOk: () => api.post(`${menuResource.apiBase}/remove-by-ids`, { ids: [row.id] }).then(load, (error: Error) => void message.error(error.message)),
    });

  const f = menuResource.fields;
  const columns: ColumnsType<TreeRow<MenuRow>> = [
    {
      title: t(f.title.label),
      dataIndex: 'title',
      width: 220,
      // A seeded menu by its name in the operator's language (as the sidebar names it); one the locale does not name by the title operators gave it.
      render: (value: string, row) => {
        const shown = titleOf({ title: value, titleKey: row.menuUri });
        return (
          <Space>
            <MenuIcon name={row.icon} />
            {shown === value ? <Typed>{value}</Typed> : shown}
          </Space>
        );
      },
    },
    { title: t(f.menuUri.label), dataIndex: 'menuUri', width: 220 },
    { title: t(f.path.label), dataIndex: 'path', width: 180 },
    { title: t(f.component.label), dataIndex: 'component', ellipsis: true },
    {
      title: t(f.permission.label),
      dataIndex: 'permission',
      width: 200,
      render: (value: string | null) => (value ? <Typography.Text code>{value}</Typography.Text> : null),
    },
    { title: t(f.orderNum.label), dataIndex: 'orderNum', width: 80 },
    {
      title: t(f.hidden.label),
      dataIndex: 'hidden',
      width: 110,
      render: (_: unknown, row) => (
        <Space size={4}>
          {row.hidden && <Tag>{t(f.hidden.label)}</Tag>}
          {row.noCache && <Tag color="orange">{t(f.noCache.label)}</Tag>}
        </Space>
      ),
    },
    {
      title: t('kit:table.actions'),
      key: 'actions',
      width: 260,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {may('edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })} data-testid={`menu-edit-${row.menuUri}`}>
              {t('kit:row.edit')}
            </Button>
          )}
          {may('create') && (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create', parentId: row.id })}
              data-testid={`menu-add-child-${row.menuUri}`}
            >
              {t('admin:menu.addChild')}
            </Button>
          )}
          <Button type="link" size="small" onClick={() => setButtonsOf(row)} data-testid={`menu-buttons-${row.menuUri}`}>
            {t('admin:menu.buttons')}
          </Button>
          {may('delete') && !row.children && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)}>
              {t('kit:row.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('admin:menu.title')}
      extra={
        <Space>
          <Input.Search
            allowClear
            placeholder={t('kit:form.placeholder', { label: t(f.title.label) })}
            onSearch={setTerm}
            onChange={(e) => !e.target.value && setTerm('')}
            style={{ width: 240 }}
            data-testid="menu-search"
          />
          {may('create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parentId: null })} data-testid="menu-add-root">
              {t('admin:menu.addRoot')}
            </Button>
          )}
        </Space>
      }
    >
      <Table<TreeRow<MenuRow>>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={shown}
        pagination={false}
        scroll={{ x: 1400 }}
        expandable={term ? { defaultExpandAllRows: true } : undefined}
        key={term ? `search-${term}` : 'all'}
        data-testid="menu-table"
      />
      {editing && (
        <MenuForm
          editing={editing}
          rows={rows}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
      {buttonsOf && <ButtonsModal menu={buttonsOf} writable={may('edit')} onClose={() => setButtonsOf(null)} />}
    </Card>
  );
}

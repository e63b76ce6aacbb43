/**
 * 组织机构 (issue 20 item 4): the department tree as a tree table. An administrator adds a root or a
 * child, renames and edits a node, moves it under another (the server refuses a move under itself or
 * its descendants, or under a disabled node), disables or enables it (not while a child is enabled)
 * and removes a bare leaf (the server refuses one with children or members). Readers see the tree
 * with no write button.
 */
import { DeleteOutlined, DragOutlined, EditOutlined, PlusOutlined, StopOutlined, CheckCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { App, Button, Card, Form, Modal, Space, Table, TreeSelect } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { FieldInput, fieldRules } from '../../crud/fields';
import type { FieldSchema } from '../../crud/resource';
import { useResourceAccess } from '../../crud/use-resource-access';
import { Typed } from '../../components/Typed';
import { api } from '../../providers/http';
import { orgResource } from '../../resources/orgs';
import { allRows, showRefusal, subtreeIds, toTree, type Row, type TreeRow } from './tree-api';

type OrgRow = Row & { orgName: string; orgCode: string; orderNum: number; leader: string | null; phone: string | null; status: string };
type Editing = { mode: 'create'; parentId: string | null } | { mode: 'edit'; row: OrgRow } | { mode: 'move'; row: OrgRow };

const FORM_FIELDS = ['orgName', 'orgCode', 'orderNum', 'leader', 'phone', 'status'] as const;
const DISABLED = '1';

interface Member {
  id: string;
  username: string;
  personName: string;
  status: string;
  positionNames: string;
  roleNames: string;
}

/** 成员: the accounts placed in one department (用户管理's 所属部门), by name, with their positions and roles. */
function MembersModal({ org, onClose }: { org: OrgRow; onClose: () => void }) {
  const { t } = useTranslation();
  const [members, setMembers] = useState<Member[]>();
  useEffect(() => {
    api.post<Member[]>(`${orgResource.apiBase}/members`, { id: org.id }).then(setMembers, () => setMembers([]));
  }, [org.id]);
  const columns: ColumnsType<Member> = [
    { title: t('staff:staff.fields.personName'), dataIndex: 'personName', width: 140 },
    { title: t('staff:staff.fields.username'), dataIndex: 'username', width: 140 },
    { title: t('staff:staff.fields.positions'), dataIndex: 'positionNames', width: 180, render: (value: string) => value || '—' },
    { title: t('staff:staff.fields.roles'), dataIndex: 'roleNames', width: 160, render: (value: string) => value || '—' },
    {
      title: t('staff:staff.fields.status'),
      dataIndex: 'status',
      width: 90,
      render: (value: string) => <DictTag dictType="sys_normal_disable" value={value} />,
    },
  ];
  return (
    <Modal open title={t('admin:org.membersTitle', { name: org.orgName })} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Table<Member>
        rowKey="id"
        size="small"
        loading={!members}
        columns={columns}
        dataSource={members}
        pagination={false}
        locale={{ emptyText: t('admin:org.noMembers') }}
        data-testid="org-members"
      />
    </Modal>
  );
}

function ParentSelect({
  rows,
  blocked,
  ...rest
}: {
  rows: OrgRow[];
  blocked: Set<string>;
  value?: string;
  onChange?: (value: string) => void;
  placeholder?: string;
}) {
  const treeData = useMemo(() => {
    type Option = { value: string; title: string; disabled: boolean; children?: Option[] };
    const toOption = (node: TreeRow<OrgRow>): Option => ({
      value: node.id,
      title: node.orgName,
      disabled: blocked.has(node.id),
      children: node.children?.map(toOption),
    });
    return toTree(rows).map(toOption);
  }, [rows, blocked]);
  return <TreeSelect {...rest} treeData={treeData} allowClear treeDefaultExpandAll showSearch treeNodeFilterProp="title" data-testid="org-parent" />;
}

function OrgForm({ editing, rows, onClose, onSaved }: { editing: Editing; rows: OrgRow[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);
  const blocked = useMemo(() => (editing.mode === 'create' ? new Set<string>() : subtreeIds(rows, editing.row.id)), [editing, rows]);
  const initial =
    editing.mode === 'create'
      ? { parentId: editing.parentId ?? undefined, orderNum: 0, status: '0' }
      : { ...editing.row, parentId: editing.row.parentId ?? undefined };

  const submit = async () => {
    const values = (await form.validateFields()) as Record<string, unknown>;
    setSaving(true);
    try {
      if (editing.mode === 'create') await api.post(`${orgResource.apiBase}/save`, { ...values, parentId: values.parentId ?? null });
      else if (editing.mode === 'move')
        await api.post(`${orgResource.apiBase}/update-by-id`, { id: editing.row.id, dataVersion: editing.row.dataVersion, parentId: values.parentId ?? null });
      else {
        const { orgCode: _locked, parentId: _moved, ...changes } = values;
        await api.post(`${orgResource.apiBase}/update-by-id`, { ...changes, id: editing.row.id, dataVersion: editing.row.dataVersion });
      }
      onSaved();
    } catch (error) {
      showRefusal(error, form, (text) => void message.error(text));
    } finally {
      setSaving(false);
    }
  };

  const item = t('admin:org.item');
  const title =
    editing.mode === 'move'
      ? t('admin:org.moveTitle', { name: editing.row.orgName })
      : t(editing.mode === 'create' ? 'kit:form.createTitle' : 'kit:form.editTitle', { title: item });
  return (
    <Modal
      open
      title={title}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={saving}
      okText={t('kit:form.ok')}
      cancelText={t('kit:form.cancel')}
      width={600}
      destroyOnHidden
      maskClosable={false}
    >
      <Form form={form} initialValues={initial} layout="horizontal" labelCol={{ flex: '110px' }} wrapperCol={{ flex: '1 1 0' }} data-testid="org-form">
        {editing.mode !== 'edit' && (
          <Form.Item name="parentId" label={t(editing.mode === 'move' ? 'admin:org.moveTo' : 'admin:org.fields.parentId')}>
            <ParentSelect rows={rows} blocked={blocked} placeholder={t('admin:menu.root')} />
          </Form.Item>
        )}
        {editing.mode !== 'move' &&
          FORM_FIELDS.map((name) => {
            const schema: FieldSchema = orgResource.fields[name];
            const label = t(schema.label);
            return (
              <Form.Item key={name} name={name} label={label} rules={fieldRules(schema, t)}>
                <FieldInput
                  schema={schema}
                  placeholder={t(schema.type === 'dict' ? 'kit:form.selectPlaceholder' : 'kit:form.placeholder', { label })}
                  disabled={editing.mode === 'edit' && schema.createOnly}
                />
              </Form.Item>
            );
          })}
      </Form>
    </Modal>
  );
}

export default function OrgsPage() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const may = useResourceAccess(orgResource);
  const [rows, setRows] = useState<OrgRow[]>([]);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [showingMembers, setShowingMembers] = useState<OrgRow | null>(null);

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setRows(await allRows<OrgRow>(orgResource.apiBase));
    } finally {
      setLoading(false);
    }
  }, []);
  useEffect(() => void load(), [load]);
  // Siblings in their display order (the list call orders by code).
  const tree = useMemo(() => toTree([...rows].sort((a, b) => a.orderNum - b.orderNum || a.orgCode.localeCompare(b.orgCode))), [rows]);

  const fail = (error: Error) => void message.error(error.message);
  const setStatus = (row: OrgRow, status: string) =>
    api.post(`${orgResource.apiBase}/update-by-id`, { id: row.id, dataVersion: row.dataVersion, status }).then(load, fail);
  const remove = (row: OrgRow) =>
    modal.confirm({
      title: t('admin:org.removeConfirm', { name: row.orgName }),
      okType: 'danger',
      okText: t('kit:form.ok'),
      cancelText: t('kit:form.cancel'),
      onOk: () => api.post(`${orgResource.apiBase}/remove-by-ids`, { ids: [row.id] }).then(load, fail),
    });

  const f = orgResource.fields;
  const columns: ColumnsType<TreeRow<OrgRow>> = [
    { title: t(f.orgName.label), dataIndex: 'orgName', width: 230, render: (value: string) => <Typed>{value}</Typed> },
    { title: t(f.orgCode.label), dataIndex: 'orgCode', width: 130 },
    { title: t(f.orderNum.label), dataIndex: 'orderNum', width: 80 },
    { title: t(f.leader.label), dataIndex: 'leader', width: 100, render: (value: string | null) => <Typed>{value}</Typed> },
    { title: t(f.phone.label), dataIndex: 'phone', width: 120 },
    { title: t(f.status.label), dataIndex: 'status', width: 80, render: (value: string) => <DictTag dictType="sys_normal_disable" value={value} /> },
    {
      // Pinned right: at 1,366–1,440 px the tree's columns scroll and 停用 / 删除 were cut off.
      title: t('kit:table.actions'),
      key: 'actions',
      width: 380,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          {may('show') && (
            <Button type="link" size="small" icon={<TeamOutlined />} onClick={() => setShowingMembers(row)} data-testid={`org-members-${row.orgCode}`}>
              {t('admin:org.members')}
            </Button>
          )}
          {may('edit') && (
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing({ mode: 'edit', row })} data-testid={`org-edit-${row.orgCode}`}>
              {t('kit:row.edit')}
            </Button>
          )}
          {may('create') && row.status !== DISABLED && (
            <Button
              type="link"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => setEditing({ mode: 'create', parentId: row.id })}
              data-testid={`org-add-child-${row.orgCode}`}
            >
              {t('admin:org.addChild')}
            </Button>
          )}
          {may('edit') && (
            <Button type="link" size="small" icon={<DragOutlined />} onClick={() => setEditing({ mode: 'move', row })} data-testid={`org-move-${row.orgCode}`}>
              {t('admin:org.move')}
            </Button>
          )}
          {may('edit') &&
            (row.status === DISABLED ? (
              <Button type="link" size="small" icon={<CheckCircleOutlined />} onClick={() => void setStatus(row, '0')}>
                {t('admin:org.enable')}
              </Button>
            ) : (
              <Button type="link" size="small" icon={<StopOutlined />} onClick={() => void setStatus(row, DISABLED)}>
                {t('admin:org.disable')}
              </Button>
            ))}
          {may('delete') && !row.children && (
            <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove(row)} data-testid={`org-remove-${row.orgCode}`}>
              {t('kit:row.remove')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card
      title={t('admin:org.title')}
      extra={
        may('create') && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'create', parentId: null })} data-testid="org-add-root">
            {t('admin:org.addRoot')}
          </Button>
        )
      }
    >
      <Table<TreeRow<OrgRow>>
        rowKey="id"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={tree}
        pagination={false}
        // Open on first show: the tree is small and an operator looks for a department by its place.
        key={tree.length ? 'loaded' : 'empty'}
        expandable={{ defaultExpandAllRows: true }}
        scroll={{ x: 1120 }}
        data-testid="org-table"
      />
      {showingMembers && <MembersModal org={showingMembers} onClose={() => setShowingMembers(null)} />}
      {editing && (
        <OrgForm
          editing={editing}
          rows={rows}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void load();
          }}
        />
      )}
    </Card>
  );
}

/**
 * 企业集团树管理 (/op/group/corp-member-customer): each group with its branches and subsidiaries,
 * their project departments and the suppliers attached as member customers. Units are added,
 * renamed and removed from the toolbar of the selected unit and moved by dragging them onto another
 * unit. A move that breaks a rule is refused before anything is asked: the tree's rules at once
 * (src/lib/corporations moveRuleBroken, the server's own), what the unit still holds by the server's
 * move-check; only a move both allow asks for confirmation. The server checks all again when it moves.
 */
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Input, Space, Spin, Tooltip, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { moveRuleBroken, UNIT_KIND, UNIT_KIND_DICT } from '../../../lib/corporations';
import { PERMISSIONS } from '../../../lib/permissions';
import { useHasPermission } from '../../../crud/use-resource-access';
import { showRefusal } from '../refusal';
import { groupTreeApi } from './group-tree-api';
import { UnitFormModal, type UnitFormMode } from './UnitFormModal';
import { buildTree, dropTarget, searchTree, type GroupUnit, type UnitNode } from './tree-data';

const perm = PERMISSIONS.groupUnit;

export default function GroupTreePage() {
  const { t } = useTranslation(['corporations', 'kit']);
  const { modal, message } = App.useApp();
  const may = useHasPermission();
  const [units, setUnits] = useState<GroupUnit[]>();
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<GroupUnit>();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [form, setForm] = useState<UnitFormMode>();

  const load = useCallback(async () => {
    const rows = await groupTreeApi.tree();
    setUnits(rows);
    setSelected((current) => rows.find((u) => u.id === current?.id));
    return rows;
  }, []);

  useEffect(() => {
    void load().then((rows) => setExpanded(rows.filter((u) => u.kind !== UNIT_KIND.projectDept && u.kind !== UNIT_KIND.member).map((u) => u.id)), () => setUnits([]));
  }, [load]);

  const roots = useMemo(() => buildTree(units ?? []), [units]);
  const found = useMemo(() => searchTree(roots, keyword), [roots, keyword]);

  const titleOf = (unit: GroupUnit) => (
    <span className="group-unit" data-testid={`unit-${unit.unitName}`}>
      <DictTag dictType={UNIT_KIND_DICT} value={unit.kind} />
      <Typography.Text mark={!!keyword.trim() && unit.unitName.includes(keyword.trim())} data-record="">
        {unit.unitName}
      </Typography.Text>
      {unit.kind === UNIT_KIND.member && unit.creditCode && <Typography.Text type="secondary"> {unit.creditCode}</Typography.Text>}
    </span>
  );
  type TreeNode = { key: string; title: React.ReactNode; unit: GroupUnit; children: TreeNode[]; selectable?: boolean };
  const toTreeData = (nodes: UnitNode[]): TreeNode[] => nodes.map((n) => ({ key: n.key, title: titleOf(n.unit), unit: n.unit, children: toTreeData(n.children) }));

  const onDrop: TreeProps<TreeNode>['onDrop'] = (info) => {
    const moving = info.dragNode.unit;
    const target = info.node.unit;
    const relative = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    const { parentId, position } = dropTarget(units ?? [], target, info.dropToGap, relative);
    const parent = units?.find((u) => u.id === parentId);
    if (!parent || (parent.id === moving.parentId && info.dropToGap === false)) return;
    const broken = moveRuleBroken(moving, parent, units ?? []);
    if (broken) return void message.error(t(`tree.server.${broken}`));
    groupTreeApi.moveCheck(moving, parent.id).then(
      () => confirmMove(moving, parent, position),
      (error: unknown) => {
        showRefusal(message, error);
        // The tree may have changed meanwhile (a stale version is refused too): show it as it is.
        void load();
      },
    );
  };

  const confirmMove = (moving: GroupUnit, parent: GroupUnit, position: number) => {
    modal.confirm({
      title: t('tree.moveConfirmTitle'),
      content: t('tree.moveConfirm', { name: moving.unitName, parent: parent.unitName }),
      okText: t('kit:form.ok'),
      cancelText: t('kit:form.cancel'),
      // A refusal says why (a business refusal is the page's to show); the tree is reloaded either way.
      onOk: () =>
        groupTreeApi.move(moving, parent.id, position).then(
          () => {
            void message.success(t('tree.moved'));
            return load();
          },
          (error: unknown) => {
            showRefusal(message, error);
            return load();
          },
        ),
    });
  };

  const remove = (unit: GroupUnit) =>
    modal.confirm({
      title: t('kit:remove.title'),
      content: t('tree.removeConfirm', { name: unit.unitName }),
      okType: 'danger',
      cancelText: t('kit:form.cancel'),
      onOk: () =>
        groupTreeApi.remove(unit.id).then(
          () => {
            void message.success(t('tree.removed'));
            setSelected(undefined);
            return load();
          },
          (error: unknown) => showRefusal(message, error),
        ),
    });

  const canMove = may(perm.move);
  return (
    <Card
      title={
        <Space>
          <ApartmentOutlined />
          {t('tree.title')}
        </Space>
      }
      extra={
        <Space wrap>
          {may(perm.add) && (
            <Button icon={<PlusOutlined />} onClick={() => setForm({ kind: 'group' })}>
              {t('tree.addGroup')}
            </Button>
          )}
          {may(perm.add) && selected && selected.kind !== UNIT_KIND.projectDept && selected.kind !== UNIT_KIND.member && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setForm({ kind: 'child', parent: selected })}>
              {t('tree.add')}
            </Button>
          )}
          {/* A unit standing for a corporation carries its name: that changes through 企业自主更名 only, which the tooltip says. */}
          {may(perm.edit) && selected && (
            <Tooltip title={selected.corpId ? t('tree.renameByCorp') : undefined}>
              <Button icon={<EditOutlined />} disabled={!!selected.corpId} onClick={() => setForm({ kind: 'rename', unit: selected })}>
                {t('tree.rename')}
              </Button>
            </Tooltip>
          )}
          {may(perm.remove) && selected && (
            <Button danger icon={<DeleteOutlined />} onClick={() => remove(selected)}>
              {t('tree.remove')}
            </Button>
          )}
          <Button icon={<ReloadOutlined />} aria-label={t('kit:toolbar.refresh')} onClick={() => void load()} />
        </Space>
      }
    >
      <Input.Search allowClear placeholder={t('tree.search')} style={{ maxWidth: 360, marginBottom: 12 }} onChange={(e) => setKeyword(e.target.value)} data-testid="tree-search" />
      {may(perm.edit) && <Typography.Paragraph type="secondary">{t('tree.selectHint')}</Typography.Paragraph>}
      {units === undefined ? (
        <Spin />
      ) : found.nodes.length === 0 ? (
        <Empty description={t('tree.empty')} />
      ) : (
        <Tree<TreeNode>
          blockNode
          showLine
          draggable={canMove ? { icon: false, nodeDraggable: (node) => (node as TreeNode).unit.kind !== UNIT_KIND.group } : false}
          treeData={toTreeData(found.nodes)}
          expandedKeys={keyword.trim() ? found.expanded : expanded}
          onExpand={(keys) => setExpanded(keys.map(String))}
          selectedKeys={selected ? [selected.id] : []}
          onSelect={(_keys, info) => setSelected(info.selected ? info.node.unit : undefined)}
          onDrop={onDrop}
          data-testid="group-tree"
        />
      )}
      {form && (
        <UnitFormModal
          mode={form}
          onClose={() => setForm(undefined)}
          onSaved={() => {
            setForm(undefined);
            void message.success(t('tree.saved'));
            void load().then(() => form.kind === 'child' && setExpanded((keys) => [...new Set([...keys, form.parent.id])]));
          }}
        />
      )}
    </Card>
  );
}

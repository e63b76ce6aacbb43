/**
 * 企业集团树管理 (/op/group/corp-member-customer): each group with its branches and subsidiaries,
 * their project departments and the suppliers attached as member customers. Units are added,
 * renamed and removed from the toolbar of the selected unit and moved by dragging them onto another
 * unit. A move that breaks a rule is refused before anything is asked: the tree's rules at once
 * (src/lib/corporations moveRuleBroken, the server's own), what the unit still holds by the server's
 * move-check; only a move both allow asks for confirmation. The server checks all again when it moves.
 * The tree is read a level at a time (issue 42: a group may hold 10,000 units): the first view is one
 * call (the groups and the levels that fit in src/lib/group-tree's FIRST_VIEW_ROWS rows; it was a
 * round trip per level), any other level loads when it is opened, and the search asks the server for
 * the matches and the paths down to them.
 */
import { ApartmentOutlined, DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Empty, Input, Space, Spin, theme, Tooltip, Tree, Typography } from 'antd';
import type { TreeProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../../components/DictTag';
import { moveRuleBroken, UNIT_KIND, UNIT_KIND_DICT } from '../../../lib/corporations';
import { debounce } from '../../../lib/debounce';
import { PERMISSIONS } from '../permissions';
import { useHasPermission } from '../../../crud/use-resource-access';
import { showRefusal } from '../refusal';
import { groupTreeApi } from './group-tree-api';
import { UnitFormModal, type UnitFormMode } from './UnitFormModal';
import { dropTarget, emptyLoaded, ROOTS, searchView, withLevel, type GroupUnit, type Loaded, type SearchAnswer } from './tree-data';

const perm = PERMISSIONS.groupUnit;

type TreeNode = { key: string; title: React.ReactNode; unit: GroupUnit; isLeaf: boolean; children?: TreeNode[] };

export default function GroupTreePage() {
  const { t } = useTranslation(['corporations', 'kit']);
  const { modal, message } = App.useApp();
  const may = useHasPermission();
  const { token } = theme.useToken();
  const [loaded, setLoaded] = useState<Loaded>();
  const [keyword, setKeyword] = useState('');
  const [found, setFound] = useState<{ keyword: string; answer: SearchAnswer }>();
  const [selected, setSelected] = useState<GroupUnit>();
  const [expanded, setExpanded] = useState<string[]>([]);
  const [searchExpanded, setSearchExpanded] = useState<string[]>([]);
  const [form, setForm] = useState<UnitFormMode>();
  // The latest loaded tree, for the loaders below (they run after awaits; state may have moved on).
  const current = useRef<Loaded>(emptyLoaded);
  const commit = useCallback((next: Loaded) => {
    current.current = next;
    setLoaded(next);
    setSelected((unit) => (unit ? next.units.get(unit.id) : undefined));
  }, []);

  const loadLevel = useCallback(
    async (parentId: string | null) => {
      const children = await groupTreeApi.children(parentId);
      commit(withLevel(current.current, parentId, children));
      return children;
    },
    [commit],
  );

  /** The groups and the levels the server's first view opened, in one call; each opened unit shows open. */
  const firstView = useCallback(async () => {
    const levels = await groupTreeApi.firstView();
    let tree: Loaded = emptyLoaded;
    for (const level of levels) tree = withLevel(tree, level.parentId, level.units);
    commit(tree);
    setExpanded(levels.flatMap((level) => (level.parentId === null ? [] : [level.parentId])));
  }, [commit]);

  /** Every level loaded so far, again (after a change): what was open stays open where it still is. */
  const reload = useCallback(async () => {
    const parents = [...current.current.levels.keys()];
    const lists = await Promise.all(parents.map((p) => groupTreeApi.children(p === ROOTS ? null : p)));
    let tree: Loaded = emptyLoaded;
    parents.forEach((p, i) => (tree = withLevel(tree, p === ROOTS ? null : p, lists[i])));
    // A level whose parent is gone (removed, or moved out of every loaded level) is dropped with it.
    const levels = new Map([...tree.levels].filter(([p]) => p === ROOTS || tree.units.has(p)));
    commit({ units: tree.units, levels });
    setExpanded((keys) => keys.filter((k) => levels.has(k)));
    setFound(undefined);
  }, [commit]);

  useEffect(() => {
    void firstView().catch(() => commit(emptyLoaded));
  }, [commit, firstView]);

  // The search asks the server (a group's units are not all loaded); the newest keyword's answer wins.
  const asked = useRef(0);
  const search = useMemo(
    () =>
      debounce((text: string) => {
        const ask = ++asked.current;
        groupTreeApi.search(text).then(
          (answer) => {
            if (ask !== asked.current) return;
            setFound({ keyword: text, answer });
            setSearchExpanded(searchView(current.current, answer).expanded);
          },
          (error: unknown) => ask === asked.current && showRefusal(message, error),
        );
      }, 250),
    [message],
  );
  useEffect(() => () => search.cancel(), [search]);
  const onKeyword = (text: string) => {
    setKeyword(text);
    if (text.trim()) search(text.trim());
    else {
      search.cancel();
      asked.current++;
      setFound(undefined);
    }
  };
  const searching = !!keyword.trim();

  const view = useMemo(() => {
    if (!loaded) return undefined;
    if (!searching || !found) return { loaded, expanded, matched: new Set<string>() };
    return { ...searchView(loaded, found.answer), expanded: searchExpanded };
  }, [loaded, searching, found, expanded, searchExpanded]);

  // A row's texts are plain spans in the theme's colours, not Typography: a first view draws some 130 rows at once.
  const secondary = { color: token.colorTextSecondary };
  // Typography's mark: gold, no padding.
  const marked = { padding: 0, backgroundColor: token.colorWarningBorder };
  const titleOf = (unit: GroupUnit, matched: boolean) => (
    <span className="group-unit" data-testid={`unit-${unit.unitName}`}>
      <DictTag dictType={UNIT_KIND_DICT} value={unit.kind} />
      <span data-record="">{matched ? <mark style={marked}>{unit.unitName}</mark> : unit.unitName}</span>
      {unit.kind === UNIT_KIND.member && unit.creditCode && <span style={secondary}> {unit.creditCode}</span>}
      {unit.childCount > 0 && (
        <span style={secondary} className="group-unit-count">
          {' '}
          {t('tree.childCount', { count: unit.childCount })}
        </span>
      )}
    </span>
  );

  const treeData = useMemo(() => {
    if (!view) return [];
    const build = (parent: string): TreeNode[] =>
      (view.loaded.levels.get(parent) ?? []).flatMap((id) => {
        const unit = view.loaded.units.get(id);
        if (!unit) return [];
        const level = view.loaded.levels.get(id);
        // A level not loaded yet has no children here: antd draws the expander and asks loadData on opening.
        return [{ key: id, title: titleOf(unit, view.matched.has(id)), unit, isLeaf: unit.childCount === 0, children: level ? build(id) : undefined }];
      });
    return build(ROOTS);
    // titleOf reads t only
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, t]);

  const loadData = async (node: TreeNode) => {
    if (current.current.levels.has(node.key) || node.unit.childCount === 0) return;
    await loadLevel(node.key);
  };

  const onDrop: TreeProps<TreeNode>['onDrop'] = (info) => {
    const tree = current.current;
    const moving = info.dragNode.unit;
    const target = info.node.unit;
    const relative = info.dropPosition - Number(info.node.pos.split('-').at(-1));
    const { parentId, position } = dropTarget(tree, target, info.dropToGap, relative);
    const parent = parentId ? tree.units.get(parentId) : undefined;
    if (!parent || (parent.id === moving.parentId && info.dropToGap === false)) return;
    // The loaded units hold the new parent's whole path (it is on screen): what the rule needs to see.
    const broken = moveRuleBroken(moving, parent, [...tree.units.values()]);
    if (broken) return void message.error(t(`tree.server.${broken}`));
    groupTreeApi.moveCheck(moving, parent.id).then(
      () => confirmMove(moving, parent, position),
      (error: unknown) => {
        showRefusal(message, error);
        // The tree may have changed meanwhile (a stale version is refused too): show it as it is.
        void reload();
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
          async () => {
            void message.success(t('tree.moved'));
            await reload();
            // The unit shows where it went: its new parent's level opened.
            if (!current.current.levels.has(parent.id)) await loadLevel(parent.id);
            setExpanded((keys) => [...new Set([...keys, parent.id])]);
          },
          (error: unknown) => {
            showRefusal(message, error);
            return reload();
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
            return reload();
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
          <Button icon={<ReloadOutlined />} aria-label={t('kit:toolbar.refresh')} onClick={() => void reload()} />
        </Space>
      }
    >
      <Input.Search
        allowClear
        placeholder={t('tree.search')}
        style={{ maxWidth: 360, marginBottom: 12 }}
        onChange={(e) => onKeyword(e.target.value)}
        data-testid="tree-search"
      />
      {may(perm.edit) && <Typography.Paragraph type="secondary">{t('tree.selectHint')}</Typography.Paragraph>}
      {searching && found?.answer.truncated && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('tree.searchTruncated', { keyword: found.keyword, count: found.answer.matches.length })}
        />
      )}
      {view === undefined || (searching && !found) ? (
        <Spin />
      ) : treeData.length === 0 ? (
        <Empty description={searching ? t('tree.searchNone', { keyword: keyword.trim() }) : t('tree.empty')} />
      ) : (
        <Tree<TreeNode>
          blockNode
          showLine
          // While searching a level shows its matches only, so a drop's place among siblings is not known: moves wait for the whole view.
          draggable={canMove && !searching ? { icon: false, nodeDraggable: (node) => (node as TreeNode).unit.kind !== UNIT_KIND.group } : false}
          treeData={treeData}
          loadData={loadData}
          // Controlled: a level dropped by a reload is loaded again when its unit is opened.
          loadedKeys={[...(view?.loaded.levels.keys() ?? [])].filter((k) => k !== ROOTS)}
          expandedKeys={searching ? searchExpanded : expanded}
          onExpand={(keys) => (searching ? setSearchExpanded : setExpanded)(keys.map(String))}
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
            void reload().then(async () => {
              if (form.kind !== 'child') return;
              // The new unit shows under its parent, opened (its level loaded if it was not).
              await loadLevel(form.parent.id);
              setExpanded((keys) => [...new Set([...keys, form.parent.id])]);
            });
          }}
        />
      )}
    </Card>
  );
}

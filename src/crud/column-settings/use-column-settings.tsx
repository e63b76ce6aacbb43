/**
 * Column settings (表头设置, spec §2.6) for a list page: the operator hides, shows and reorders the
 * table's columns; the choice is kept per user and table in this browser and survives a reload.
 *
 * Usage in a list page:
 *
 *   const columns = useMemo<SettingsColumns<DictType>>(() => [
 *     { key: 'index', columnKind: 'index', render: (_, __, i) => i + 1 },   // excluded, stays first
 *     { dataIndex: 'dictName', title: t('resources:dictType.fields.dictName') },
 *     { key: 'period', title: t('...period'), children: [                   // second-level headers
 *       { dataIndex: 'start', title: t('...start') },
 *       { dataIndex: 'end', title: t('...end') },
 *     ] },
 *     { key: 'action', columnKind: 'action', render: ... },                  // excluded, stays last
 *   ], [t]);
 *   const settings = useColumnSettings('system:dict', columns);
 *   return (
 *     <>
 *       <Space>{...toolbarButtons}{settings.settingsButton}</Space>
 *       <Table columns={settings.columns} ... />
 *     </>
 *   );
 *
 * A column takes part when it has a `key` or a `dataIndex` (a group needs a `key`) and no
 * `columnKind`; antd's Table.SELECTION_COLUMN and Table.EXPAND_COLUMN stay where they are placed.
 * The table key names the table for storage: use something stable, such as the resource's menuUri.
 */
import { SettingOutlined } from '@ant-design/icons';
import { Button, Tooltip, type TableColumnGroupType, type TableColumnType } from 'antd';
import { Suspense, lazy, useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../providers/user';
import { isDefaultState, reconcile, visibleColumns, type ColumnSettingsState, type FixedColumnKind } from './model';
import { columnSettingsStorageKey, columnSettingsStore, memoryKey } from './storage';

const loadDialog = () => import('./ColumnSettingsDialog');
const ColumnSettingsDialog = lazy(loadDialog);

/** An antd column, marked with `columnKind` when the settings leave it out (index, action, selection, expand). */
export type SettingsColumn<T> = (TableColumnGroupType<T> | TableColumnType<T>) & { columnKind?: FixedColumnKind };
export type SettingsColumns<T> = SettingsColumn<T>[];

export interface ColumnSettings<T> {
  /** The columns for antd's Table: the operator's order, hidden ones left out. */
  columns: SettingsColumns<T>;
  /** The toolbar trigger (icon with the 表头设置 tooltip) together with the dialog it opens. */
  settingsButton: ReactNode;
  /** The dialog alone, for a page with its own trigger calling open(); render it instead of settingsButton. */
  settingsDialog: ReactNode;
  open: () => void;
  /** Forgets the operator's choice: the table shows its columns as defined. */
  reset: () => void;
  /** Whether the operator's choice differs from the definitions. */
  customised: boolean;
}

export function useColumnSettings<T>(tableKey: string, columns: SettingsColumns<T>): ColumnSettings<T> {
  const { t } = useTranslation('columns');
  const userId = useUserInfo()?.personId;
  const storageKey = columnSettingsStorageKey(userId, tableKey);
  const key = storageKey ?? memoryKey(tableKey);
  const persistent = storageKey !== undefined;
  const read = useCallback(() => columnSettingsStore.read(key, persistent), [key, persistent]);
  const saved = useSyncExternalStore(columnSettingsStore.subscribe, read, read);

  const state = useMemo(() => reconcile(columns, saved), [columns, saved]);
  const visible = useMemo(() => visibleColumns(columns, state), [columns, state]);
  const customised = useMemo(() => !isDefaultState(columns, state), [columns, state]);

  // Each opening starts a fresh draft (a new dialog instance); closing keeps the instance for its animation.
  const [opening, setOpening] = useState(0);
  const [isOpen, setOpen] = useState(false);
  const open = useCallback(() => {
    setOpening((count) => count + 1);
    setOpen(true);
  }, []);
  const close = useCallback(() => setOpen(false), []);
  const save = useCallback(
    (next: ColumnSettingsState) => {
      columnSettingsStore.write(key, persistent, isDefaultState(columns, next) ? undefined : next);
      setOpen(false);
    },
    [columns, key, persistent],
  );
  const reset = useCallback(() => columnSettingsStore.write(key, persistent, undefined), [key, persistent]);

  const settingsDialog =
    opening > 0 ? (
      <Suspense fallback={null}>
        <ColumnSettingsDialog key={opening} open={isOpen} columns={columns} state={state} onOk={save} onCancel={close} />
      </Suspense>
    ) : null;
  const preload = () => void loadDialog();
  const settingsButton = (
    <>
      <Tooltip title={t('title')}>
        <Button icon={<SettingOutlined />} aria-label={t('title')} aria-haspopup="dialog" onClick={open} onMouseEnter={preload} onFocus={preload} />
      </Tooltip>
      {settingsDialog}
    </>
  );

  return { columns: visible, settingsButton, settingsDialog, open, reset, customised };
}

/**
 * The 表头设置 dialog (spec §2.6): a checkbox per column to show or hide it and a handle to drag it,
 * second-level headers nested under their group and reordered within it. Changes are a draft until OK.
 * Loaded on first use (use-column-settings.tsx), so @dnd-kit stays out of the app's first load.
 */
import { HolderOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { App, Button, Checkbox, Flex, Modal, Typography, theme } from 'antd';
import { isValidElement, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultState, moveColumn, setHidden, settingsItems, type ColumnSettingsState, type SettingsColumnLike, type SettingsItem } from './model';
import './column-settings.css';

/** Spec §9: the column drag animation takes 500 ms. */
export const COLUMN_DRAG_TRANSITION = { duration: 500, easing: 'cubic-bezier(0.25, 1, 0.5, 1)' };

/** Spec §9: a table in a modal scrolls beyond 500 px. */
const MODAL_BODY_MAX_HEIGHT = 500;

export interface ColumnSettingsDialogProps<C extends SettingsColumnLike> {
  open: boolean;
  columns: readonly C[];
  /** The choice in force when the dialog opened: the draft starts from it. */
  state: ColumnSettingsState;
  onOk: (state: ColumnSettingsState) => void;
  onCancel: () => void;
}

/** What the dialog shows of a column: its title when it is text or an element, else its id. */
function titleOf(item: SettingsItem): ReactNode {
  const { title } = item.column;
  if (typeof title === 'string' || typeof title === 'number' || isValidElement(title)) return title as ReactNode;
  return item.id;
}

/** The words a screen reader says for a column. */
function nameOf(item: SettingsItem | undefined): string {
  if (!item) return '';
  const { title } = item.column;
  return typeof title === 'string' || typeof title === 'number' ? String(title) : item.id;
}

interface ListProps {
  items: SettingsItem[];
  /** The group ids above this list: empty for the first-level headers. */
  parentPath: string[];
  label: string;
  onToggle: (path: string[], hide: boolean) => void;
  onMove: (parentPath: string[], activeId: string, overId: string) => void;
}

/** One level of headers, sortable on its own: a child never leaves its group. */
function SortableList({ items, parentPath, label, onToggle, onMove }: ListProps) {
  const { t } = useTranslation('columns');
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: UniqueIdentifier | undefined) => nameOf(items.find((item) => item.id === id));
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('drag.pickedUp', { name: name(active.id) }),
    onDragOver: ({ active, over }) => (over ? t('drag.over', { name: name(active.id), over: name(over.id) }) : t('drag.notOver', { name: name(active.id) })),
    onDragEnd: ({ active, over }) =>
      over && over.id !== active.id ? t('drag.dropped', { name: name(active.id), over: name(over.id) }) : t('drag.droppedInPlace', { name: name(active.id) }),
    onDragCancel: ({ active }) => t('drag.cancelled', { name: name(active.id) }),
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && over.id !== active.id) onMove(parentPath, String(active.id), String(over.id));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('drag.instructions') } }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ul className="column-settings-list" aria-label={label}>
          {items.map((item) => (
            <SortableRow key={item.id} item={item} parentPath={parentPath} onToggle={onToggle} onMove={onMove} />
          ))}
        </ul>
      </SortableContext>
    </DndContext>
  );
}

interface RowProps extends Omit<ListProps, 'items' | 'label'> {
  item: SettingsItem;
}

function SortableRow({ item, parentPath, onToggle, onMove }: RowProps) {
  const { t } = useTranslation('columns');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
    transition: COLUMN_DRAG_TRANSITION,
    attributes: { roleDescription: t('drag.roleDescription') },
  });
  const name = nameOf(item);

  return (
    <li
      ref={setNodeRef}
      className={isDragging ? 'column-settings-item column-settings-item-dragging' : 'column-settings-item'}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <div className="column-settings-row">
        <button
          type="button"
          ref={setActivatorNodeRef}
          className="column-settings-handle"
          {...attributes}
          {...listeners}
          aria-label={t('dragHandle', { name })}
        >
          <HolderOutlined aria-hidden />
        </button>
        <Checkbox checked={!item.hidden} onChange={(event) => onToggle([...parentPath, item.id], !event.target.checked)}>
          {titleOf(item)}
        </Checkbox>
      </div>
      {item.children && (
        <SortableList items={item.children} parentPath={[...parentPath, item.id]} label={t('childList', { name })} onToggle={onToggle} onMove={onMove} />
      )}
    </li>
  );
}

export default function ColumnSettingsDialog<C extends SettingsColumnLike>({ open, columns, state, onOk, onCancel }: ColumnSettingsDialogProps<C>) {
  const { t } = useTranslation('columns');
  const { message } = App.useApp();
  const { token } = theme.useToken();
  const [draft, setDraftState] = useState(state);
  // Two quick clicks may land before React re-renders; reading the draft from a ref keeps the second
  // toggle from starting over from the stale draft and undoing the first.
  const latest = useRef(state);
  const setDraft = (next: typeof state | ((current: typeof state) => typeof state)) => {
    latest.current = typeof next === 'function' ? next(latest.current) : next;
    setDraftState(latest.current);
  };

  const toggle = (path: string[], hide: boolean) => {
    const result = setHidden(columns, latest.current, path, hide);
    if (result.ok) setDraft(result.state);
    // role=alert: the refusal is heard, not only seen.
    else void message.open({ type: 'warning', content: <span role="alert">{t(result.reason)}</span> });
  };
  const move = (parentPath: string[], activeId: string, overId: string) => setDraft((current) => moveColumn(columns, current, parentPath, activeId, overId));

  return (
    <Modal
      open={open}
      title={t('title')}
      okText={t('ok')}
      cancelText={t('cancel')}
      onOk={() => onOk(draft)}
      onCancel={onCancel}
      styles={{
        body: {
          maxHeight: MODAL_BODY_MAX_HEIGHT,
          overflowY: 'auto',
          '--column-settings-surface': token.colorBgElevated,
          '--column-settings-border': token.colorBorderSecondary,
          '--column-settings-fill': token.colorFillTertiary,
          '--column-settings-primary': token.colorPrimary,
          '--column-settings-shadow': token.boxShadowSecondary,
          '--column-settings-radius': `${token.borderRadiusSM}px`,
        } as CSSProperties,
      }}
      footer={(_, { OkBtn, CancelBtn }) => (
        <Flex justify="space-between" gap={8}>
          <Button onClick={() => setDraft(defaultState(columns))}>{t('reset')}</Button>
          <Flex gap={8}>
            <CancelBtn />
            <OkBtn />
          </Flex>
        </Flex>
      )}
    >
      <Typography.Paragraph type="secondary">{t('hint')}</Typography.Paragraph>
      <SortableList items={settingsItems(columns, draft)} parentPath={[]} label={t('list')} onToggle={toggle} onMove={move} />
    </Modal>
  );
}

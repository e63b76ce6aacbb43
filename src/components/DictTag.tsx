import { Tag } from 'antd';
import { dictItem, useDicts } from '../providers/dictionaries';

/** RuoYi's listClass names as antd tag colours; any other listClass is an antd colour already. */
const RUOYI_CLASSES: Record<string, string> = { primary: 'processing', info: 'default', danger: 'error' };

/** A coded value shown as its dictionary label, in the tag style the dictionary item names. */
export function DictTag({ dictType, value }: { dictType: string; value: unknown }) {
  useDicts([dictType]);
  if (value === undefined || value === null || value === '') return null;
  const item = dictItem(dictType, value);
  if (!item) return <span>{String(value)}</span>;
  const colour = RUOYI_CLASSES[item.listClass] ?? (item.listClass || undefined);
  return <Tag color={colour} bordered={false}>{item.dictLabel}</Tag>;
}

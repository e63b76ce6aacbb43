import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dictItem, useDicts } from '../providers/dictionaries';

/** RuoYi's listClass names as antd tag colours; any other listClass is an antd colour already. */
const RUOYI_CLASSES: Record<string, string> = { primary: 'processing', info: 'default', danger: 'error' };

/** A coded value shown as its dictionary label, in the tag style the dictionary item names. */
export function DictTag({ dictType, value }: { dictType: string; value: unknown }) {
  const { t } = useTranslation('common');
  useDicts([dictType]);
  if (value === undefined || value === null || value === '') return null;
  const item = dictItem(dictType, value);
  if (!item) return <span>{String(value)}</span>;
  const colour = RUOYI_CLASSES[item.listClass] ?? (item.listClass || undefined);
  // A value whose entry has since been disabled keeps its label, marked so that nobody takes it for current.
  if (item.disabled) {
    return (
      <Tag bordered={false} data-disabled="true" title={t('dictDisabledHint')}>
        {t('dictDisabled', { label: item.dictLabel })}
      </Tag>
    );
  }
  return (
    <Tag color={colour} bordered={false}>
      {item.dictLabel}
    </Tag>
  );
}

import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ResourceList } from '../../crud/ResourceList';
import { invalidateDicts } from '../../providers/dictionaries';
import { dictDataResource } from '../system';

const DICT_PATH = '/op/system/dict';

/** 字典数据: the items of the dictionary type the page was opened for (?dictType=…). */
export default function DictDataPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const dictType = params.get('dictType') ?? '';
  const fixed = dictType ? { dictType } : undefined;
  return (
    <ResourceList
      key={dictType}
      resource={dictDataResource}
      fixedFilters={fixed}
      createDefaults={fixed}
      onChanged={() => invalidateDicts(dictType ? [dictType] : undefined)}
      toolbarExtra={
        <Link to={DICT_PATH}>
          <Button icon={<ArrowLeftOutlined />}>{t('resources:dictData.back')}</Button>
        </Link>
      }
    />
  );
}

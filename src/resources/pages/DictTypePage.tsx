import { Link } from 'react-router';
import { ResourceList } from '../../crud/ResourceList';
import { invalidateDicts } from '../../providers/dictionaries';
import { dictTypeResource } from '../system';

export const DICT_DATA_PATH = '/op/system/dict/data';

export const dictDataLink = (dictType: string) => `${DICT_DATA_PATH}?${new URLSearchParams({ dictType })}`;

/** 字典管理: dictionary types; a type opens its data page, and an edit relabels every open screen. */
export default function DictTypePage() {
  return (
    <ResourceList
      resource={dictTypeResource}
      onChanged={() => invalidateDicts()}
      renderers={{
        dictType: (value) => (
          <Link to={dictDataLink(String(value))} data-testid="dict-data-link">
            {String(value)}
          </Link>
        ),
      }}
    />
  );
}

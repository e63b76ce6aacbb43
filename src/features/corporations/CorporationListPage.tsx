/** 企业管理 (/op/group/corporation): the generic list of corporations, whose 查看 opens the detail page; a change in approval is tagged beside the name. */
import { useNavigate } from 'react-router';
import { ResourceList } from '../../crud/ResourceList';
import { detailLink } from './paths';
import { PendingChangeTag, pendingChangeOf } from './PendingCorporateChange';
import { corporationResource } from './resources';
import { Typed } from '../../components/Typed';
import { Space } from 'antd';

export default function CorporationListPage() {
  const navigate = useNavigate();
  return (
    <ResourceList
      resource={corporationResource}
      onShow={(record) => navigate(detailLink(record.id))}
      // A change in approval shows beside the name it may change (DOMAIN.md: pending beside current).
      renderers={{
        corpName: (value, record) => (
          <Space size={4} wrap>
            <Typed>{String(value ?? '')}</Typed>
            <PendingChangeTag change={pendingChangeOf(record)} />
          </Space>
        ),
      }}
    />
  );
}

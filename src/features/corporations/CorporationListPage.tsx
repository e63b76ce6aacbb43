/** 企业管理 (/op/group/corporation): the generic list of corporations, whose 查看 opens the detail page. */
import { useNavigate } from 'react-router';
import { ResourceList } from '../../crud/ResourceList';
import { detailLink } from './paths';
import { corporationResource } from './resources';

export default function CorporationListPage() {
  const navigate = useNavigate();
  return <ResourceList resource={corporationResource} onShow={(record) => navigate(detailLink(record.id))} />;
}

/**
 * 企业变更 (/op/group/corp-change): one tab per corporate change, each the kit's list of its
 * approvable resource. 新增 (core admission) and 修改 open the declared form; saving submits the
 * change for approval, the row shows 审批中 until the instance ends, and 查看 shows the pending change
 * beside the current values and the record's history of changes.
 */
import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { ResourceList } from '../../crud/ResourceList';
import type { AnyResource } from '../../crud/resource';
import { CORP_CHANGE_RESOURCES } from './changes';

function ChangeTab({ resource }: { resource: AnyResource }) {
  return <ResourceList resource={resource} />;
}

export default function CorporateChangesPage() {
  const { t } = useTranslation();
  return (
    <Tabs
      destroyOnHidden
      data-testid="corporate-changes"
      items={CORP_CHANGE_RESOURCES.map((resource) => ({ key: resource.name, label: t(resource.title), children: <ChangeTab resource={resource} /> }))}
    />
  );
}

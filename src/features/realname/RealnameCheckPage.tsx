/**
 * 查看 (/op/admit/realname/check?id=…): the application's detail and, once submitted, its approval
 * history. Read-only for everyone; the handler gets 编辑 while the application is with them.
 */
import './locale';
import './realname.css';
import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { hasPermission } from '../../lib/access';
import { PERMISSIONS } from './permissions';
import { isEditable } from '../../lib/realname';
import { useUserInfo } from '../../providers/user';
import { HistoryTimeline } from '../../workflows/task-view/HistoryTimeline';
import { editLink, RECORD_QUERY, REALNAME_PATHS } from './paths';
import { RealnameDetail } from './RealnameDetail';
import { useRealnameRecord } from './useRealnameRecord';

export default function RealnameCheckPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get(RECORD_QUERY);
  const { loaded } = useRealnameRecord(id);
  const perms = useUserInfo()?.menuPerms ?? [];
  const record = loaded.state === 'ready' ? loaded.record : undefined;
  const editable = record && isEditable(record.status) && hasPermission(perms, PERMISSIONS.realname.edit);

  return (
    <div className="kit-page task-page" data-testid="realname-check">
      <Card
        size="small"
        title={t('realname:detail.title')}
        extra={
          <Space>
            <Button size="small" icon={<ArrowLeftOutlined />} onClick={() => navigate(REALNAME_PATHS.list)}>
              {t('realname:form.back')}
            </Button>
            {editable && (
              <Button size="small" type="primary" icon={<EditOutlined />} onClick={() => navigate(editLink(record.id))}>
                {t('realname:detail.edit')}
              </Button>
            )}
          </Space>
        }
      >
        {id ? <RealnameDetail loaded={loaded} /> : <Empty description={t('realname:detail.missing')} />}
      </Card>
      {record && (
        <Card size="small" title={t('realname:detail.history')}>
          {record.instanceId ? (
            <HistoryTimeline instanceId={record.instanceId} />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('realname:detail.noHistory')} />
          )}
        </Card>
      )}
    </div>
  );
}

/**
 * 实名认证: the applications, searched by corporation, credit code and status (tags). 新增 and 编辑
 * open the form page, 查看 the detail page; 提交 hands a draft or a rejected application to the
 * initial review; 删除 removes a draft. Each shows only by status and when the server would accept it.
 */
import './locale';
import { CheckCircleOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ResourceList } from '../../crud/ResourceList';
import { hasPermission } from '../../lib/access';
import { PERMISSIONS } from './permissions';
import { isEditable, isRemovable, type RealnameRecord } from '../../lib/realname';
import { useUserInfo } from '../../providers/user';
import { realnameResource } from './resources';
import { checkLink, editLink, REALNAME_PATHS } from './paths';
import { realnameApi } from './realname-api';

type Row = Pick<RealnameRecord, 'id' | 'corpName' | 'status' | 'dataVersion'>;

export default function RealnameListPage() {
  const { t } = useTranslation();
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const perms = useUserInfo()?.menuPerms ?? [];
  const may = (permission: string) => hasPermission(perms, permission);
  const refresh = () => invalidate({ resource: realnameResource.name, invalidates: ['list'] });

  const confirm = (content: string, okText: string, run: () => Promise<unknown>, done: string, danger = false) =>
    modal.confirm({
      title: t('kit:remove.title'),
      content,
      okText,
      okType: danger ? 'danger' : 'primary',
      cancelText: t('kit:form.cancel'),
      // The client shows a refusal's message; the confirmation closes either way.
      onOk: () =>
        run().then(
          () => {
            void message.success(done);
            return refresh();
          },
          () => undefined,
        ),
    });

  const rowActions = (record: Row) => (
    <>
      {may(PERMISSIONS.realname.edit) && isEditable(record.status) && (
        <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(editLink(record.id))}>
          {t('realname:list.edit')}
        </Button>
      )}
      {may(PERMISSIONS.realname.submit) && isEditable(record.status) && (
        <Button
          type="link"
          size="small"
          icon={<CheckCircleOutlined />}
          onClick={() =>
            confirm(
              t('realname:list.submitConfirm', { corpName: record.corpName }),
              t('realname:list.submit'),
              () => realnameApi.submit(record.id, record.dataVersion),
              t('realname:list.submitted'),
            )
          }
        >
          {t('realname:list.submit')}
        </Button>
      )}
      {may(PERMISSIONS.realname.remove) && isRemovable(record.status) && (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          onClick={() =>
            confirm(
              t('realname:list.removeConfirm', { corpName: record.corpName }),
              t('realname:list.remove'),
              () => realnameApi.remove([record.id]),
              t('realname:list.removed'),
              true,
            )
          }
        >
          {t('realname:list.remove')}
        </Button>
      )}
    </>
  );

  return (
    <ResourceList
      resource={realnameResource}
      onShow={(record) => navigate(checkLink(record.id))}
      rowActions={(record) => rowActions(record as unknown as Row)}
      toolbarExtra={
        may(PERMISSIONS.realname.add) && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(REALNAME_PATHS.add)} data-testid="realname-create">
            {t('realname:list.create')}
          </Button>
        )
      }
    />
  );
}

/**
 * 新闻动态管理 and 平台公告管理: the generic list of each declaration (its row actions publish,
 * unpublish, pin and unpin come from the declaration) plus 预览, the item as readers see it.
 */
import { FileSearchOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ArticleValues } from '../../components/content/ContentArticle';
import { ResourceList } from '../../crud/ResourceList';
import type { AnyResource } from '../../crud/resource';
import { useResourceAccess } from '../../crud/use-resource-access';
import { newsResource, noticeResource } from './resources';

// The preview brings DOMPurify and the file previews: loaded when first opened.
const ContentPreviewDrawer = lazy(() => import('../../components/content/ContentPreviewDrawer'));

function ContentPage({ resource }: { resource: AnyResource }) {
  const { t } = useTranslation();
  const can = useResourceAccess(resource);
  const [previewing, setPreviewing] = useState<ArticleValues>();
  return (
    <>
      <ResourceList
        resource={resource}
        rowActions={
          can('show')
            ? (record) => (
                <Button type="link" size="small" icon={<FileSearchOutlined />} onClick={() => setPreviewing(record)}>
                  {t('resources:content.actions.preview')}
                </Button>
              )
            : undefined
        }
      />
      {previewing && (
        <Suspense fallback={null}>
          <ContentPreviewDrawer item={previewing} onClose={() => setPreviewing(undefined)} />
        </Suspense>
      )}
    </>
  );
}

export function NewsPage() {
  return <ContentPage resource={newsResource} />;
}

export function NoticePage() {
  return <ContentPage resource={noticeResource} />;
}

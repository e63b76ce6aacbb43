/** 预览: a news item or notice in a drawer, laid out as readers see it. Import it lazily. */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ContentArticle, type ArticleValues } from './ContentArticle';

function ContentPreviewDrawer({ item, onClose }: { item: ArticleValues | undefined; onClose: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Drawer open={item !== undefined} onClose={onClose} title={t('preview.title')} width={860} destroyOnHidden>
      {item && <ContentArticle item={item} />}
    </Drawer>
  );
}

export default ContentPreviewDrawer;

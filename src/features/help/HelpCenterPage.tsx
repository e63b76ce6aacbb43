/**
 * 帮助中心 (/op/help, from the avatar menu): every signed-in operator's reader of the published help
 * articles: categories with their counts, a search over title, summary, keywords and text, and an
 * article (?id=…) laid out as content readers see it. 管理文章 for whoever may manage them.
 */
import { ArrowLeftOutlined, EditOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Input, List, Menu, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Typed } from '../../components/Typed';
import { useNavigate, useSearchParams } from 'react-router';
import { HasPermi } from '../../components/access/HasAccess';
import { DictTag } from '../../components/DictTag';
import { formatDate } from '../../lib/dates';
import { PERMISSIONS } from './permissions';
import { dictItem, useDicts } from '../../providers/dictionaries';
import { helpApi, type HelpArticle, type HelpPage } from './help-api';
import { HELP_CATEGORY_DICT, helpArticleResource } from './resources';
import './help.css';

// The article view brings DOMPurify and the file previews: loaded when an article is first opened.
const ContentArticle = lazy(() => import('../../components/content/ContentArticle'));

const PAGE_SIZE = 10;
const ALL = '';

function ArticleView({ id, onBack }: { id: string; onBack: () => void }) {
  const { t } = useTranslation('help');
  const [article, setArticle] = useState<HelpArticle>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    setArticle(undefined);
    setError(undefined);
    helpApi.article(id).then(setArticle, (e: Error) => setError(e.message));
  }, [id]);
  return (
    <Card
      size="small"
      data-testid="help-article"
      title={
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} style={{ paddingInline: 0 }}>
          {t('reader.back')}
        </Button>
      }
      extra={article && <DictTag dictType={HELP_CATEGORY_DICT} value={article.category} />}
    >
      {error ? (
        <Alert type="warning" showIcon message={error} />
      ) : !article ? (
        <Skeleton active />
      ) : (
        <Suspense fallback={<Skeleton active />}>
          <ContentArticle item={article as unknown as Record<string, unknown>} />
          <Typography.Paragraph type="secondary" className="help-updated">
            {t('reader.updatedAt', { time: formatDate(article.updateTime, 'YYYY-MM-DD HH:mm') })}
          </Typography.Paragraph>
        </Suspense>
      )}
    </Card>
  );
}

export default function HelpCenterPage() {
  const { t } = useTranslation('help');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const id = params.get('id');
  const keyword = params.get('q') ?? '';
  const category = params.get('category') ?? ALL;
  const [pageNum, setPageNum] = useState(1);
  const [typed, setTyped] = useState(keyword);
  const [categories, setCategories] = useState<Array<{ category: string; count: number }>>([]);
  const [page, setPage] = useState<HelpPage>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const dictItems = useDicts([HELP_CATEGORY_DICT]);
  // In the dictionary's order (入门指南 first), whatever order the codes sort in.
  const order = (code: string) => {
    const at = (dictItems(HELP_CATEGORY_DICT) ?? []).findIndex((item) => item.dictValue === code);
    return at < 0 ? Number.MAX_SAFE_INTEGER : at;
  };

  useEffect(() => {
    helpApi.categories().then(setCategories, (e: Error) => setError(e.message));
  }, []);
  useEffect(() => setTyped(keyword), [keyword]);
  useEffect(() => {
    if (id) return;
    setLoading(true);
    helpApi
      .page({ keyword: keyword || undefined, category: category || undefined, pageNum, pageSize: PAGE_SIZE })
      .then(
        (p) => {
          setPage(p);
          setError(undefined);
        },
        (e: Error) => setError(e.message),
      )
      .finally(() => setLoading(false));
  }, [id, keyword, category, pageNum]);

  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  const categoryLabel = (code: string) => dictItem(HELP_CATEGORY_DICT, code)?.dictLabel ?? code;

  return (
    <div className="kit-page help-center" data-testid="help-center">
      <Card size="small" className="help-hero">
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space style={{ width: '100%', justifyContent: 'space-between' }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('reader.title')}
            </Typography.Title>
            <HasPermi value={[PERMISSIONS.helpArticle.list]}>
              <Button size="small" icon={<EditOutlined />} onClick={() => navigate(helpArticleResource.menu!.path)}>
                {t('reader.manage')}
              </Button>
            </HasPermi>
          </Space>
          <Input.Search
            data-testid="help-search"
            allowClear
            enterButton={
              <>
                <SearchOutlined /> {t('reader.search')}
              </>
            }
            placeholder={t('reader.searchPlaceholder')}
            maxLength={50}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onSearch={(value) => {
              setPageNum(1);
              update({ q: value.trim() || null, id: null });
            }}
          />
        </Space>
      </Card>
      <div className="help-body">
        <Card size="small" className="help-categories">
          <Menu
            mode="inline"
            data-testid="help-categories"
            selectedKeys={[category]}
            onClick={({ key }) => {
              setPageNum(1);
              update({ category: key || null, id: null });
            }}
            items={[
              { key: ALL, label: `${t('reader.allCategories')} (${total})` },
              ...[...categories]
                .sort((a, b) => order(a.category) - order(b.category))
                .map((c) => ({ key: c.category, label: `${categoryLabel(c.category)} (${c.count})` })),
            ]}
          />
        </Card>
        <div className="help-main">
          {id ? (
            <ArticleView id={id} onBack={() => update({ id: null })} />
          ) : (
            <Card size="small" title={page ? t('reader.results', { count: page.total }) : undefined}>
              {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} />}
              <List
                data-testid="help-results"
                loading={loading}
                dataSource={page?.records ?? []}
                locale={{ emptyText: <Empty description={t('reader.noResults')} /> }}
                pagination={
                  page && page.total > PAGE_SIZE ? { current: pageNum, pageSize: PAGE_SIZE, total: page.total, onChange: setPageNum, size: 'small' } : false
                }
                renderItem={(item) => (
                  <List.Item key={item.id} extra={<DictTag dictType={HELP_CATEGORY_DICT} value={item.category} />}>
                    <List.Item.Meta
                      title={
                        <Typography.Link data-testid="help-result" onClick={() => update({ id: item.id })}>
                          <Typed>{item.title}</Typed>
                        </Typography.Link>
                      }
                      description={<Typed>{item.summary}</Typed>}
                    />
                  </List.Item>
                )}
              />
            </Card>
          )}
        </div>
      </div>
    </div>
  );
}

/**
 * 标准库 (/op/standard-library/detail): the agreement templates, one row per version. 新增 with an
 * existing code makes that template's next version (the server numbers it); 新建版本 copies a
 * version into the next one as a draft to edit; 定稿 (directors) freezes a draft for good. 查看
 * opens the version below the list: its text and what changed since the previous version.
 */
import { BranchesOutlined } from '@ant-design/icons';
import { useInvalidate } from '@refinedev/core';
import { Alert, App, Button, Card, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { ResourceList } from '../../crud/ResourceList';
import { hasPermission } from '../../lib/access';
import { PERMISSIONS } from './permissions';
import { placeholdersIn, TEMPLATE_PLACEHOLDERS, TEMPLATE_STATUS, TEMPLATE_STATUS_DICT } from '../../lib/products';
import { api } from '../../providers/http';
import { useUserInfo } from '../../providers/user';
import { templateResource } from './resources';
import { hasChanges, templateDiff } from './template-diff';
import './products.css';

const ContentHtml = lazy(() => import('../../components/content/ContentHtml'));

interface Version {
  id: string;
  templateCode: string;
  templateName: string;
  version: number;
  status: string;
  content: string;
  changeNote?: string | null;
  dataVersion: number;
}

const call = <T,>(name: string, body: Record<string, unknown>) => api.post<T>(`${templateResource.apiBase}/${name}`, body);

/** Every version of one template, newest first. */
async function versionsOf(templateCode: string): Promise<Version[]> {
  const page = await call<{ records: Version[] }>('page', { templateCode, pageSize: 100 });
  return page.records.filter((v) => v.templateCode === templateCode).sort((a, b) => b.version - a.version);
}

function DiffView({ previous, current }: { previous: Version; current: Version }) {
  const { t } = useTranslation();
  const parts = templateDiff(previous.content, current.content);
  if (!hasChanges(parts)) return <Alert type="info" showIcon message={t('products:library.noChange')} />;
  return (
    <div className="template-diff" data-testid="template-diff">
      {parts.map((part, i) =>
        part.kind === 'same' ? (
          <span key={i}>{part.text}</span>
        ) : part.kind === 'added' ? (
          <ins key={i} title={t('products:library.added')}>
            {part.text}
          </ins>
        ) : (
          <del key={i} title={t('products:library.removed')}>
            {part.text}
          </del>
        ),
      )}
    </div>
  );
}

function VersionDetail({ id }: { id: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ current: Version; previous?: Version } | 'failed'>();

  useEffect(() => {
    let live = true;
    setState(undefined);
    (async () => {
      const current = await call<Version>('find-by-id', { id });
      const previous = current.version > 1 ? (await versionsOf(current.templateCode)).find((v) => v.version === current.version - 1) : undefined;
      if (live) setState({ current, previous });
    })().catch(() => live && setState('failed'));
    return () => {
      live = false;
    };
  }, [id]);

  if (state === 'failed') return <Alert type="error" showIcon message={t('products:library.loadFailed')} />;
  if (!state) return <Card loading />;
  const { current, previous } = state;
  const used = placeholdersIn(current.content);
  return (
    <Card
      data-testid="template-version-detail"
      title={t('products:library.detailTitle', { name: current.templateName, code: current.templateCode, version: current.version })}
      extra={<DictTag dictType={TEMPLATE_STATUS_DICT} value={current.status} />}
    >
      {current.changeNote && (
        <Typography.Paragraph type="secondary">
          {t('products:template.fields.changeNote')}：{current.changeNote}
        </Typography.Paragraph>
      )}
      {used.length > 0 && (
        <Typography.Paragraph>
          {t('products:library.placeholdersUsed')}：
          {used.map((name) => (
            <Tag key={name}>
              {`{{${name}}}`} {t(`products:placeholders.${name}`, { defaultValue: '' })}
            </Tag>
          ))}
        </Typography.Paragraph>
      )}
      <Tabs
        defaultActiveKey={previous ? 'diff' : 'text'}
        items={[
          {
            key: 'text',
            label: t('products:library.text'),
            children: (
              <Suspense fallback={<Card loading />}>
                <ContentHtml html={current.content} />
              </Suspense>
            ),
          },
          {
            key: 'diff',
            label: previous ? t('products:library.diff', { version: previous.version }) : t('products:library.diff', { version: '-' }),
            children: previous ? (
              <DiffView previous={previous} current={current} />
            ) : (
              <Alert type="info" showIcon message={t('products:library.firstVersion')} />
            ),
          },
        ]}
      />
    </Card>
  );
}

export default function StandardLibraryPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const invalidate = useInvalidate();
  const perms = useUserInfo()?.menuPerms ?? [];
  const [selected, setSelected] = useState<string>();
  // The template code whose new version is being made: its button waits, so a second click makes nothing
  // (the server also keeps one draft a code).
  const [making, setMaking] = useState<string>();

  const newVersion = async (record: Record<string, unknown>) => {
    setMaking(String(record.templateCode));
    try {
      const saved = await call<Version>('save', {
        templateCode: record.templateCode,
        templateName: record.templateName,
        content: record.content,
        changeNote: '',
      });
      setSelected(saved.id);
      message.success(t('products:library.versionMade', { version: saved.version }));
    } catch (error) {
      void message.error(error instanceof Error ? error.message : String(error));
    } finally {
      setMaking(undefined);
      await invalidate({ resource: templateResource.name, invalidates: ['list'] });
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="standard-library">
      <Alert
        type="info"
        showIcon
        message={t('products:library.hint')}
        description={
          <Space wrap size={[4, 4]}>
            {TEMPLATE_PLACEHOLDERS.map((name) => (
              <Tag key={name}>
                {`{{${name}}}`} {t(`products:placeholders.${name}`)}
              </Tag>
            ))}
          </Space>
        }
      />
      <ResourceList
        resource={templateResource}
        onShow={(record) => setSelected(String(record.id))}
        rowWritable={(record) => record.status !== TEMPLATE_STATUS.approved}
        rowActions={(record) =>
          // A draft is edited, not versioned again: 新建版本 starts from an approved text.
          hasPermission(perms, PERMISSIONS.template.add) &&
          record.status === TEMPLATE_STATUS.approved && (
            <Button
              type="link"
              size="small"
              icon={<BranchesOutlined />}
              data-testid="template-new-version"
              loading={making === record.templateCode}
              disabled={making !== undefined}
              onClick={() => void newVersion(record)}
            >
              {t('products:library.newVersion')}
            </Button>
          )
        }
      />
      {selected ? <VersionDetail id={selected} /> : <Empty description={t('products:library.pick')} />}
    </Space>
  );
}

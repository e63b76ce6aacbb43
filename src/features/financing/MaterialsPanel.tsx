/**
 * An application's materials grouped by the four kinds, each file with its preview link and its
 * review verdict (green PASS, red NOPASS, grey WAIT, spec §4.2). With `reviewing` the worker of the
 * Approve step gives each file 通过 / 不通过 (a remark required for the latter); the server decides
 * whether the caller may, and its refusal is shown as it says it.
 */
import { Typed, typedCell } from '../../components/Typed';
import { App, Button, Card, Input, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveFilePreviews } from '../../components/files/file-previews';
import { MATERIAL_KINDS, REQUIRED_KINDS, VERDICT, type FinancingMaterial, type MaterialKind, type Verdict } from '../../lib/financing';
import { financingApi, messageOf } from './financing-api';

const VERDICT_COLOR: Record<Verdict, string> = { PASS: 'green', NOPASS: 'red', WAIT: 'default' };

export function VerdictTag({ verdict }: { verdict: Verdict }) {
  const { t } = useTranslation('financing');
  return (
    <Tag color={VERDICT_COLOR[verdict]} data-testid="verdict">
      {t(`verdict.${verdict}`)}
    </Tag>
  );
}

function useOpenUrls(materials: readonly FinancingMaterial[]): Record<string, string | undefined> {
  const [urls, setUrls] = useState<Record<string, string | undefined>>({});
  const key = materials.map((m) => m.fileId).join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    resolveFilePreviews(key.split(','), 'SMALL', { signal: controller.signal }).then(
      (items) => setUrls(Object.fromEntries(items.map((i) => [i.id, i.openUrl]))),
      () => undefined,
    );
    return () => controller.abort();
  }, [key]);
  return urls;
}

interface Props {
  materials: FinancingMaterial[];
  /** Show the verdict buttons (the caller works the Approve step). */
  reviewing?: boolean;
  /** Show a remove button per file (the application is editable). */
  onRemove?: (material: FinancingMaterial) => void;
  onChanged?: () => void;
  /** The kinds shown (an upload page shows its own); all four by default. */
  kinds?: readonly MaterialKind[];
}

export function MaterialsPanel({ materials, reviewing = false, onRemove, onChanged, kinds = MATERIAL_KINDS }: Props) {
  const { t } = useTranslation('financing');
  const { message } = App.useApp();
  const urls = useOpenUrls(materials);
  const [remarks, setRemarks] = useState<Record<string, string>>({});

  const decide = async (material: FinancingMaterial, verdict: Verdict) => {
    const remark = remarks[material.id]?.trim();
    if (verdict === VERDICT.noPass && !remark) {
      void message.error(t('messages.remarkRequired'));
      return;
    }
    try {
      await financingApi.verdict(material.id, verdict, material.dataVersion, remark || undefined);
      void message.success(t('messages.verdictSaved'));
    } catch (error) {
      void message.error(messageOf(error));
    }
    onChanged?.();
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="financing-materials">
      {reviewing && <Typography.Text type="secondary">{t('messages.reviewHint')}</Typography.Text>}
      {kinds.map((kind) => {
        const rows = materials.filter((m) => m.kind === kind);
        return (
          <Card
            key={kind}
            size="small"
            data-testid={`materials-${kind}`}
            title={
              <Space>
                {t(`kind.${kind}`)}
                <Tag>{REQUIRED_KINDS.includes(kind) ? t('messages.required') : t('messages.optional')}</Tag>
              </Space>
            }
          >
            <Table<FinancingMaterial>
              rowKey="id"
              size="small"
              pagination={false}
              dataSource={rows}
              locale={{ emptyText: t('messages.empty') }}
              columns={[
                {
                  title: t('fields.fileName'),
                  dataIndex: 'fileName',
                  render: (name: string, m) =>
                    urls[m.fileId] ? (
                      <a href={urls[m.fileId]} target="_blank" rel="noreferrer">
                        <Typed>{name}</Typed>
                      </a>
                    ) : (
                      <Typed>{name}</Typed>
                    ),
                },
                { title: t('fields.verdict'), dataIndex: 'verdict', width: 100, render: (v: Verdict) => <VerdictTag verdict={v} /> },
                { title: t('fields.reviewRemark'), dataIndex: 'remark', render: (v: string | null) => typedCell(v) ?? '-' },
                { title: t('fields.reviewerName'), dataIndex: 'reviewerName', width: 110, render: (v: string | null) => typedCell(v) ?? '-' },
                ...(reviewing
                  ? [
                      {
                        title: t('kit:table.actions'),
                        key: 'review',
                        width: 360,
                        render: (_: unknown, m: FinancingMaterial) => (
                          <Space>
                            <Input
                              size="small"
                              style={{ width: 170 }}
                              placeholder={t('messages.remarkPlaceholder')}
                              value={remarks[m.id] ?? ''}
                              onChange={(e) => setRemarks((r) => ({ ...r, [m.id]: e.target.value }))}
                              aria-label={t('fields.reviewRemark')}
                            />
                            <Button size="small" type="primary" onClick={() => void decide(m, VERDICT.pass)}>
                              {t('actions.pass')}
                            </Button>
                            <Button size="small" danger onClick={() => void decide(m, VERDICT.noPass)}>
                              {t('actions.noPass')}
                            </Button>
                          </Space>
                        ),
                      },
                    ]
                  : []),
                ...(onRemove
                  ? [
                      {
                        title: t('kit:table.actions'),
                        key: 'remove',
                        width: 90,
                        render: (_: unknown, m: FinancingMaterial) => (
                          <Button size="small" type="link" danger onClick={() => onRemove(m)}>
                            {t('actions.remove')}
                          </Button>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </Card>
        );
      })}
    </Space>
  );
}

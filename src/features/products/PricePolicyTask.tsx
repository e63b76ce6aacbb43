/**
 * What the price-policy task page (/op/price/config) shows beside the process steps: the policy the
 * instance carries (product, core enterprise, tenor band, financing and service-fee rates) and every
 * band of that product and core enterprise, in effect or in approval, this one marked, so the
 * reviewer sees where it sits among them. The server refused any overlap before the process started.
 */
import { Alert, Card, Descriptions, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { approvalApi } from '../../crud/approval/approval-api';
import type { PendingChange } from '../../crud/resource';
import { formatPercent } from '../../lib/money';
import { api } from '../../providers/http';
import { pricePolicyResource } from './resources';

interface Band {
  key: string;
  policyName: string;
  tenorFromDays: number;
  tenorToDays: number;
  financingRate: string;
  serviceFeeRate: string;
  state: 'proposed' | 'inEffect' | 'pending';
}

type Policy = Omit<Band, 'key' | 'state'> & { productId: string; coreCorpId: string; productIdLabel?: string | null; coreCorpIdLabel?: string | null };

const base = pricePolicyResource.apiBase;

async function bandsOf(policy: Policy, recordId: string): Promise<Band[]> {
  const [page, pending] = await Promise.all([
    // Narrowed by the core enterprise's name (the list searches a reference by label), then matched by id.
    api.post<{ records: Array<Policy & { id: string }> }>(`${base}/page`, { coreCorpId: policy.coreCorpIdLabel ?? undefined, pageSize: 100 }),
    api.post<PendingChange[]>(`${base}/pending-creations`, {}),
  ]);
  const same = (p: Policy) => p.productId === policy.productId && p.coreCorpId === policy.coreCorpId;
  const inEffect = page.records.filter(same).map((p): Band => ({ ...p, key: p.id, state: p.id === recordId ? 'proposed' : 'inEffect' }));
  const waiting = pending
    .filter((c) => c.recordId !== recordId && same(c.proposed as unknown as Policy))
    .map((c): Band => ({ ...(c.proposed as unknown as Policy), key: c.recordId, state: 'pending' }));
  const proposed = inEffect.some((b) => b.state === 'proposed') ? [] : [{ ...policy, key: recordId, state: 'proposed' as const }];
  return [...inEffect, ...waiting, ...proposed].sort((a, b) => a.tenorFromDays - b.tenorFromDays);
}

export function PricePolicyTask({ instanceId }: { instanceId: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<{ policy: Policy; bands: Band[] } | 'none'>();

  useEffect(() => {
    let live = true;
    (async () => {
      const found = await approvalApi.findByInstance(instanceId);
      if (!found) return 'none' as const;
      const policy = (found.record ?? found.change.proposed) as unknown as Policy;
      return { policy, bands: await bandsOf(policy, found.change.recordId) };
    })().then(
      (next) => live && setState(next),
      () => live && setState('none'),
    );
    return () => {
      live = false;
    };
  }, [instanceId]);

  if (state === 'none') return <Alert type="warning" showIcon message={t('products:price.task.none')} />;
  if (!state) return <Card loading />;
  const { policy, bands } = state;
  const f = (name: string) => t(`products:price.fields.${name}`);
  const days = (b: { tenorFromDays: number; tenorToDays: number }) => t('products:price.task.days', { from: b.tenorFromDays, to: b.tenorToDays });
  return (
    <div data-testid="price-policy-task">
      <Descriptions title={t('products:price.task.policy')} bordered size="small" column={2} style={{ marginTop: 16 }}>
        <Descriptions.Item label={f('policyName')}>{policy.policyName}</Descriptions.Item>
        <Descriptions.Item label={f('productId')}>{policy.productIdLabel}</Descriptions.Item>
        <Descriptions.Item label={f('coreCorpName')}>{policy.coreCorpIdLabel}</Descriptions.Item>
        <Descriptions.Item label={t('products:price.task.band')}>{days(policy)}</Descriptions.Item>
        <Descriptions.Item label={f('financingRate')}>{formatPercent(policy.financingRate)}</Descriptions.Item>
        <Descriptions.Item label={f('serviceFeeRate')}>{formatPercent(policy.serviceFeeRate)}</Descriptions.Item>
      </Descriptions>
      <Table<Band>
        data-testid="price-policy-bands"
        style={{ marginTop: 16 }}
        title={() => t('products:price.task.bands')}
        size="small"
        pagination={false}
        rowKey="key"
        dataSource={bands}
        rowClassName={(b) => (b.state === 'proposed' ? 'ant-table-row-selected' : '')}
        columns={[
          { key: 'band', title: t('products:price.task.band'), render: (_, b) => days(b) },
          { dataIndex: 'policyName', title: f('policyName') },
          { dataIndex: 'financingRate', title: f('financingRate'), render: (v: string) => formatPercent(v) },
          { dataIndex: 'serviceFeeRate', title: f('serviceFeeRate'), render: (v: string) => formatPercent(v) },
          {
            dataIndex: 'state',
            title: t('products:price.task.state'),
            render: (s: Band['state']) => <Tag color={s === 'proposed' ? 'blue' : s === 'inEffect' ? 'green' : 'gold'}>{t(`products:price.task.${s}`)}</Tag>,
          },
        ]}
      />
    </div>
  );
}

export default PricePolicyTask;

/**
 * 额度下发 / 重新下发 (/op/quota/dispatch?accountId=…[&afresh=1]): the account's unit and the units below
 * it as a tree table with granted, dispatched, used and available; the units right below are edited
 * per row. The totals are checked before submitting (src/lib/quotas, in fen) and again by the server,
 * at submission and at approval, since the balances may move meanwhile.
 */
import { Alert, App, Button, Card, Descriptions, Input, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DictTag } from '../../components/DictTag';
import { UNIT_KIND_DICT } from '../../lib/corporations';
import { formatCurrency, formatMoney } from '../../lib/money';
import { availableOf, dispatchNeed, fenOf, parseAmount, QUOTA_KIND_DICT, yuan, type DispatchLine } from '../../lib/quotas';
import { QUOTA_PATHS, quotaApi, type QuotaAccount, type TreeNode } from './quota-api';
import './locale';

const money = (value: string) => formatMoney(value);

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

export default function QuotaDispatchPage() {
  const { t } = useTranslation('quotas');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const accountId = params.get('accountId') ?? '';
  const afresh = params.get('afresh') === '1';
  const [loaded, setLoaded] = useState<{ account: QuotaAccount; tree: TreeNode[] }>();
  const [error, setError] = useState<string>();
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const load = () => {
    quotaApi.tree(accountId).then(
      (found) => {
        setLoaded(found);
        setError(undefined);
        setInputs({});
      },
      (e: Error) => setError(e.message),
    );
  };
  useEffect(load, [accountId]);

  const targets = useMemo(() => flatten(loaded?.tree ?? []).filter((n) => n.dispatchable), [loaded]);
  const lines = useMemo(() => {
    const result: DispatchLine[] = [];
    let bad = false;
    for (const node of targets) {
      const text = inputs[node.unitId]?.trim();
      if (!text) continue;
      const fen = parseAmount(text, afresh);
      if (fen === null) bad = true;
      else if (!(afresh && fen === fenOf(node.granted))) result.push({ unitId: node.unitId, amount: fen, current: fenOf(node.granted) });
    }
    return { result, bad };
  }, [targets, inputs, afresh]);

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!loaded) return <Card loading />;
  const { account } = loaded;
  const available = availableOf({ granted: fenOf(account.granted), dispatched: fenOf(account.dispatched), frozen: fenOf(account.frozen), used: fenOf(account.used) });
  const need = dispatchNeed(lines.result, afresh);
  const over = need > available;

  const submit = async () => {
    if (lines.bad) return void message.error(t('dispatch.badAmount'));
    if (lines.result.length === 0) return void message.error(t('dispatch.noLines'));
    if (over) return void message.error(t('dispatch.over', { available: formatCurrency(yuan(available)) }));
    if (!reason.trim()) return void message.error(`${t('fields.reason')}：${t('validation.required')}`);
    setSaving(true);
    try {
      await quotaApi.dispatch({ accountId, reason: reason.trim(), lines: lines.result.map((l) => ({ unitId: l.unitId, amount: yuan(l.amount) })) }, afresh);
      message.success(t('accounts.submitted'));
      setReason('');
      load();
    } catch (e) {
      message.error((e as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    {
      title: t('fields.unitName'), dataIndex: 'unitName', width: 360,
      // One line: the tree's indent and the name stay together however deep the unit sits.
      render: (name: string, row: TreeNode) => <span style={{ whiteSpace: 'nowrap' }}>{name} <DictTag dictType={UNIT_KIND_DICT} value={row.unitKind} /></span>,
    },
    { title: t('fields.granted'), dataIndex: 'granted', align: 'right' as const, width: 150, render: money },
    { title: t('fields.dispatched'), dataIndex: 'dispatched', align: 'right' as const, width: 150, render: money },
    { title: t('fields.used'), dataIndex: 'used', align: 'right' as const, width: 130, render: money },
    { title: t('fields.available'), dataIndex: 'available', align: 'right' as const, width: 150, render: money },
    {
      title: t(afresh ? 'dispatch.inputAfresh' : 'dispatch.input'), key: 'input', width: 200,
      render: (_: unknown, row: TreeNode) =>
        row.dispatchable ? (
          <Input
            size="small"
            inputMode="decimal"
            maxLength={18}
            aria-label={`${row.unitName} ${t(afresh ? 'dispatch.inputAfresh' : 'dispatch.input')}`}
            data-testid={`dispatch-input-${row.unitId}`}
            placeholder={afresh ? row.granted : '0.00'}
            status={inputs[row.unitId]?.trim() && parseAmount(inputs[row.unitId].trim(), afresh) === null ? 'error' : undefined}
            value={inputs[row.unitId] ?? ''}
            onChange={(e) => setInputs((current) => ({ ...current, [row.unitId]: e.target.value }))}
          />
        ) : null,
    },
  ];

  return (
    <Card data-testid="quota-dispatch" title={t(afresh ? 'dispatch.titleAfresh' : 'dispatch.title')} extra={<Button onClick={() => navigate(QUOTA_PATHS.accounts)}>{t('dispatch.back')}</Button>}>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('dispatch.source')}>{account.unitName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.kind')}><DictTag dictType={QUOTA_KIND_DICT} value={account.kind} /></Descriptions.Item>
        <Descriptions.Item label={t('fields.grantorName')}>{account.grantorName}</Descriptions.Item>
        <Descriptions.Item label={t('fields.available')}><span data-testid="dispatch-available">{formatCurrency(account.available)}</span></Descriptions.Item>
        <Descriptions.Item label={t('dispatch.need')}><span data-testid="dispatch-need">{formatCurrency(yuan(need))}</span></Descriptions.Item>
        <Descriptions.Item label={t('dispatch.after')}>
          <Typography.Text type={over ? 'danger' : undefined} data-testid="dispatch-after">{formatCurrency(yuan(available - need))}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t(afresh ? 'dispatch.hintAfresh' : 'dispatch.hint')}</Typography.Paragraph>
      {over && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={t('dispatch.over', { available: formatCurrency(yuan(available)) })} />}
      <Table<TreeNode>
        rowKey="unitId"
        size="middle"
        columns={columns}
        dataSource={loaded.tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        data-testid="dispatch-tree"
      />
      <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
        <Input.TextArea rows={2} maxLength={500} placeholder={t('fields.reason')} aria-label={t('fields.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
        <Button type="primary" loading={saving} disabled={over} onClick={submit}>{t('dispatch.submit')}</Button>
      </Space>
    </Card>
  );
}

/**
 * 额度下发 / 重新下发 (/op/quota/dispatch?accountId=…[&afresh=1]): the account's unit and the units below
 * it as a tree table with granted, dispatched, used, available and what running requests hold back;
 * the units right below are edited per row. The form checks with the server's own rule
 * (src/lib/quotas dispatchRefusal, in fen, over the figures the server answers) and words a refusal
 * with the server's message; the server checks again at submission and at approval, since the
 * balances may move meanwhile.
 */
import { Alert, App, Button, Card, Descriptions, Input, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DictTag } from '../../components/DictTag';
import { UNIT_KIND_DICT } from '../../lib/corporations';
import { formatCurrency, formatMoney } from '../../lib/money';
import { dispatchNeed, dispatchRefusal, fenOf, freeOf, lowestTotalOf, parseAmount, QUOTA_KIND_DICT, yuan, type DispatchLine, type DispatchTarget } from '../../lib/quotas';
import { pageMessageOf } from '../../providers/http';
import { usePageReadOnly } from '../../routes/page-access';
import { QUOTA_PATHS, quotaApi, type QuotaAccount, type TreeNode } from './quota-api';
import './locale';
import { Typed, typedCell } from '../../components/Typed';

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
  // Opened without quota:account:dispatch (the route's action): figures only, nothing to submit.
  const readOnly = usePageReadOnly();
  const [loaded, setLoaded] = useState<{ account: QuotaAccount & { reserved: string }; tree: TreeNode[] }>();
  const [error, setError] = useState<string>();
  const [inputs, setInputs] = useState<Record<string, string>>({});
  const [reason, setReason] = useState('');
  const [saving, setSaving] = useState(false);

  const load = () => {
    // Opened without an account (a bare URL): nothing to ask the server, the page says where to start.
    if (!accountId) return;
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
  const figures = useMemo(
    () => new Map<string, DispatchTarget>(targets.map((n) => [n.unitId, { unitName: n.unitName, granted: fenOf(n.granted), available: fenOf(n.available), reserved: fenOf(n.reserved) }])),
    [targets],
  );
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

  if (!accountId) {
    return <Alert type="info" showIcon message={t('dispatch.noAccount')} action={<Button size="small" disabled={false} onClick={() => navigate(QUOTA_PATHS.accounts)}>{t('accounts.title')}</Button>} />;
  }
  if (error) return <Alert type="error" showIcon message={error} />;
  if (!loaded) return <Card loading />;
  const { account } = loaded;
  const source = { available: fenOf(account.available), reserved: fenOf(account.reserved) };
  const free = freeOf(source);
  const need = dispatchNeed(lines.result, afresh);
  const refusal = dispatchRefusal(source, lines.result, figures, afresh);
  const refusalText = refusal ? t(refusal.key, refusal.params) : undefined;
  /** A re-dispatch row set below what its unit can give back: marked where it is typed. */
  const belowLowest = (row: TreeNode) => {
    const fen = afresh ? parseAmount(inputs[row.unitId]?.trim() ?? '', true) : null;
    const target = figures.get(row.unitId);
    return fen !== null && target !== undefined && fen < lowestTotalOf(target);
  };

  const submit = async () => {
    if (lines.bad) return void message.error(t('dispatch.badAmount'));
    if (lines.result.length === 0) return void message.error(t('dispatch.noLines'));
    if (refusalText) return void message.error(refusalText);
    if (!reason.trim()) return void message.error(`${t('fields.reason')}：${t('validation.required')}`);
    setSaving(true);
    try {
      await quotaApi.dispatch({ accountId, reason: reason.trim(), lines: lines.result.map((l) => ({ unitId: l.unitId, amount: yuan(l.amount) })) }, afresh);
      message.success(t('accounts.submitted'));
      setReason('');
      load();
    } catch (e) {
      // One toast: the client has already shown a permission or network failure.
      const text = pageMessageOf(e);
      if (text) void message.error(text);
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    {
      title: t('fields.unitName'), dataIndex: 'unitName', width: 360,
      // One line: the tree's indent and the name stay together however deep the unit sits.
      render: (name: string, row: TreeNode) => <span style={{ whiteSpace: 'nowrap' }}><Typed>{name}</Typed> <DictTag dictType={UNIT_KIND_DICT} value={row.unitKind} /></span>,
    },
    { title: t('fields.granted'), dataIndex: 'granted', align: 'right' as const, width: 150, render: money },
    { title: t('fields.dispatched'), dataIndex: 'dispatched', align: 'right' as const, width: 150, render: money },
    { title: t('fields.used'), dataIndex: 'used', align: 'right' as const, width: 130, render: money },
    { title: t('fields.available'), dataIndex: 'available', align: 'right' as const, width: 150, render: money },
    { title: t('dispatch.reserved'), dataIndex: 'reserved', align: 'right' as const, width: 130, render: money },
    ...(afresh
      ? [{
          title: t('dispatch.lowest'), key: 'lowest', align: 'right' as const, width: 130,
          render: (_: unknown, row: TreeNode) => {
            const target = figures.get(row.unitId);
            return target ? <span data-testid={`dispatch-lowest-${row.unitId}`}>{money(yuan(lowestTotalOf(target)))}</span> : null;
          },
        }]
      : []),
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
            status={(inputs[row.unitId]?.trim() && parseAmount(inputs[row.unitId].trim(), afresh) === null) || belowLowest(row) ? 'error' : undefined}
            value={inputs[row.unitId] ?? ''}
            onChange={(e) => setInputs((current) => ({ ...current, [row.unitId]: e.target.value }))}
          />
        ) : null,
    },
  ];

  return (
    <Card data-testid="quota-dispatch" title={t(afresh ? 'dispatch.titleAfresh' : 'dispatch.title')} extra={<Button disabled={false} onClick={() => navigate(QUOTA_PATHS.accounts)}>{t('dispatch.back')}</Button>}>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('dispatch.source')}>{typedCell(account.unitName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.kind')}><DictTag dictType={QUOTA_KIND_DICT} value={account.kind} /></Descriptions.Item>
        <Descriptions.Item label={t('fields.grantorName')}>{typedCell(account.grantorName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.available')}><span data-testid="dispatch-available">{formatCurrency(account.available)}</span></Descriptions.Item>
        <Descriptions.Item label={t('dispatch.reserved')}><span data-testid="dispatch-reserved">{formatCurrency(account.reserved)}</span></Descriptions.Item>
        <Descriptions.Item label={t('dispatch.free')}><span data-testid="dispatch-free">{formatCurrency(yuan(free))}</span></Descriptions.Item>
        <Descriptions.Item label={t('dispatch.need')}><span data-testid="dispatch-need">{formatCurrency(yuan(need))}</span></Descriptions.Item>
        <Descriptions.Item label={t('dispatch.after')}>
          <Typography.Text type={free - need < 0n ? 'danger' : undefined} data-testid="dispatch-after">{formatCurrency(yuan(free - need))}</Typography.Text>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Paragraph type="secondary">{t(afresh ? 'dispatch.hintAfresh' : 'dispatch.hint')}</Typography.Paragraph>
      {refusalText && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={refusalText} data-testid="dispatch-refusal" />}
      <Table<TreeNode>
        rowKey="unitId"
        size="middle"
        columns={columns}
        dataSource={loaded.tree}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        data-testid="dispatch-tree"
      />
      {!readOnly && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
          <Input.TextArea rows={2} maxLength={500} placeholder={t('fields.reason')} aria-label={t('fields.reason')} value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button type="primary" loading={saving} disabled={refusal !== null} onClick={submit}>{t('dispatch.submit')}</Button>
        </Space>
      )}
    </Card>
  );
}

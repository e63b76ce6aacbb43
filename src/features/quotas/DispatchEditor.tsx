/**
 * The dispatch form of 额度下发 / 重新下发: the account's unit and the units below it as a tree table
 * with granted, dispatched, used, available and what running requests hold back; the units right
 * below are edited per row, with the reason under the table. It checks with the server's own rule
 * (src/lib/quotas dispatchRefusal, in fen, over the figures the server answers) and words a refusal
 * with the server's message; the server checks again at submission and at approval, since the
 * balances may move meanwhile.
 *
 * Used by the dispatch page (a first submission) and by the change of a returned dispatch before it
 * is resubmitted (QuotaResubmitForm: prefilled with its lines and reason, its own running request not
 * counted against itself, exceptRequestId). `collectRef` receives the check that answers the body to
 * send, or throws an Error with the message to show.
 */
import { Typed, typedCell } from '../../components/Typed';
import { Alert, Card, Descriptions, Input, Space, Table, Typography } from 'antd';
import { useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { DictTag } from '../../components/DictTag';
import { UNIT_KIND_DICT } from '../../lib/corporations';
import { fenOf, formatCurrency, formatMoney, yuan } from '../../lib/money';
import { dispatchNeed, dispatchRefusal, freeOf, lowestTotalOf, parseAmount, QUOTA_KIND_DICT, type DispatchLine, type DispatchTarget } from '../../lib/quotas';
import { quotaApi, type QuotaAccount, type TreeNode } from './quota-api';
import './locale';

const money = (value: string) => formatMoney(value);

function flatten(nodes: TreeNode[]): TreeNode[] {
  return nodes.flatMap((n) => [n, ...flatten(n.children ?? [])]);
}

export type DispatchBody = {
  accountId: string;
  reason: string;
  lines: Array<{ unitId: string; amount: string }>;
};
export type DispatchCollect = () => DispatchBody;

interface Props {
  accountId: string;
  afresh: boolean;
  /** The request being changed before its resubmission: its own reservation is not counted. */
  exceptRequestId?: string;
  /** What the form opens with: amounts by unit id, and the reason. */
  initial?: { inputs: Record<string, string>; reason: string };
  /** Figures only: no reason to type, nothing to send. */
  readOnly?: boolean;
  collectRef: RefObject<DispatchCollect | null>;
  /** Below the reason: the page's submit button (refused: the form's rule refuses what is typed). */
  action?: (state: { refused: boolean }) => ReactNode;
  /** Told once the figures are shown, or why they cannot be. */
  onLoad?: (error?: string) => void;
}

export function DispatchEditor({ accountId, afresh, exceptRequestId, initial, readOnly = false, collectRef, action, onLoad }: Props) {
  const { t } = useTranslation('quotas');
  const [loaded, setLoaded] = useState<{ account: QuotaAccount & { reserved: string }; tree: TreeNode[] }>();
  const [error, setError] = useState<string>();
  const [inputs, setInputs] = useState<Record<string, string>>(initial?.inputs ?? {});
  const [reason, setReason] = useState(initial?.reason ?? '');

  useEffect(() => {
    let live = true;
    quotaApi.tree(accountId, exceptRequestId).then(
      (found) => {
        if (!live) return;
        setLoaded(found);
        setError(undefined);
        onLoad?.();
      },
      (e: Error) => {
        if (!live) return;
        setError(e.message);
        onLoad?.(e.message);
      },
    );
    return () => {
      live = false;
    };
    // onLoad is the caller's report, not a reason to read the figures again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [accountId, exceptRequestId]);

  const targets = useMemo(() => flatten(loaded?.tree ?? []).filter((n) => n.dispatchable), [loaded]);
  const figures = useMemo(
    () =>
      new Map<string, DispatchTarget>(
        targets.map((n) => [n.unitId, { unitName: n.unitName, granted: fenOf(n.granted), available: fenOf(n.available), reserved: fenOf(n.reserved) }]),
      ),
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

  const source = loaded ? { available: fenOf(loaded.account.available), reserved: fenOf(loaded.account.reserved) } : undefined;
  const refusal = source ? dispatchRefusal(source, lines.result, figures, afresh) : null;
  const refusalText = refusal ? t(refusal.key, refusal.params) : undefined;

  collectRef.current = () => {
    if (!loaded) throw new Error(t('dispatch.noLines'));
    if (lines.bad) throw new Error(t('dispatch.badAmount'));
    if (lines.result.length === 0) throw new Error(t('dispatch.noLines'));
    if (refusalText) throw new Error(refusalText);
    if (!reason.trim()) throw new Error(`${t('fields.reason')}：${t('validation.required')}`);
    return { accountId, reason: reason.trim(), lines: lines.result.map((l) => ({ unitId: l.unitId, amount: yuan(l.amount) })) };
  };

  if (error) return <Alert type="error" showIcon message={error} />;
  if (!loaded || !source) return <Card loading bordered={false} />;
  const { account } = loaded;
  const free = freeOf(source);
  const need = dispatchNeed(lines.result, afresh);
  /** A re-dispatch row set below what its unit can give back: marked where it is typed. */
  const belowLowest = (row: TreeNode) => {
    const fen = afresh ? parseAmount(inputs[row.unitId]?.trim() ?? '', true) : null;
    const target = figures.get(row.unitId);
    return fen !== null && target !== undefined && fen < lowestTotalOf(target);
  };

  const columns = [
    {
      title: t('fields.unitName'),
      dataIndex: 'unitName',
      width: 360,
      // One line: the tree's indent and the name stay together however deep the unit sits.
      render: (name: string, row: TreeNode) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          <Typed>{name}</Typed> <DictTag dictType={UNIT_KIND_DICT} value={row.unitKind} />
        </span>
      ),
    },
    { title: t('fields.granted'), dataIndex: 'granted', align: 'right' as const, width: 150, render: money },
    { title: t('fields.dispatched'), dataIndex: 'dispatched', align: 'right' as const, width: 150, render: money },
    { title: t('fields.used'), dataIndex: 'used', align: 'right' as const, width: 130, render: money },
    { title: t('fields.available'), dataIndex: 'available', align: 'right' as const, width: 150, render: money },
    { title: t('dispatch.reserved'), dataIndex: 'reserved', align: 'right' as const, width: 130, render: money },
    ...(afresh
      ? [
          {
            title: t('dispatch.lowest'),
            key: 'lowest',
            align: 'right' as const,
            width: 130,
            render: (_: unknown, row: TreeNode) => {
              const target = figures.get(row.unitId);
              return target ? <span data-testid={`dispatch-lowest-${row.unitId}`}>{money(yuan(lowestTotalOf(target)))}</span> : null;
            },
          },
        ]
      : []),
    {
      title: t(afresh ? 'dispatch.inputAfresh' : 'dispatch.input'),
      key: 'input',
      width: 200,
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
    <>
      <Descriptions size="small" column={3} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('dispatch.source')}>{typedCell(account.unitName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.kind')}>
          <DictTag dictType={QUOTA_KIND_DICT} value={account.kind} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.grantorName')}>{typedCell(account.grantorName)}</Descriptions.Item>
        <Descriptions.Item label={t('fields.available')}>
          <span data-testid="dispatch-available">{formatCurrency(account.available)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('dispatch.reserved')}>
          <span data-testid="dispatch-reserved">{formatCurrency(account.reserved)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('dispatch.free')}>
          <span data-testid="dispatch-free">{formatCurrency(yuan(free))}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('dispatch.need')}>
          <span data-testid="dispatch-need">{formatCurrency(yuan(need))}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('dispatch.after')}>
          <Typography.Text type={free - need < 0n ? 'danger' : undefined} data-testid="dispatch-after">
            {formatCurrency(yuan(free - need))}
          </Typography.Text>
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
          <Input.TextArea
            rows={2}
            maxLength={500}
            placeholder={t('fields.reason')}
            aria-label={t('fields.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            data-testid="dispatch-reason"
          />
          {action?.({ refused: refusal !== null })}
        </Space>
      )}
    </>
  );
}

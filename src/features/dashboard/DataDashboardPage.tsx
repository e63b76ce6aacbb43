/**
 * The data dashboard (数据驾驶舱, spec 2.4: /op/data-dashboard, route data-dashboard-query, outside the
 * layout): a dark full-screen view of the figures the server aggregates (server/dashboard), read again
 * every minute and on demand. Every panel is backed by a section the server sends (credit notes and
 * the ledger's redemptions, quotas, approvals, corporations, products); a section without rows shows
 * the empty state, never invented figures.
 */
import './locale';
import './dashboard.css';
import { HomeOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, ConfigProvider, Empty, Spin, theme } from 'antd';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { HasPermi } from '../../components/access/HasAccess';
import { CORP_TYPE } from '../../lib/corporations';
import { DASHBOARD_REFRESH_MS, shareOf, type CountAmount, type DashboardOverview } from '../../lib/dashboard';
import { amountWithUnit, formatPercent } from '../../lib/money';
import { dashboardAmounts } from './amounts';
import { HOME_PATH } from '../../routes/static-routes';
import type { PageProps } from '../../routes/types';
import {
  admissionOption,
  corpTypesOption,
  financingOption,
  grantorOption,
  holdersOption,
  maturityOption,
  monthlyOption,
  pendingOption,
  quotaUnitsOption,
  resultsOption,
} from './chart-options';
import { dashboardApi } from './dashboard-api';
import { PERMISSIONS as QUOTA_PERMISSIONS } from '../quotas/permissions';
import { QUOTA_PATHS } from '../quotas';
import { EChart } from './EChart';
import type { ChartOption } from './echarts';

const DARK = { algorithm: theme.darkAlgorithm, token: { colorBgContainer: '#0e1a30' } };

/** How long ago an ISO time was, in the largest whole unit that fits. */
function waitedSince(since: string, now: string, t: TFunction): string {
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(since)) / 60_000));
  if (minutes < 60) return t('dashboard:waited.minutes', { count: minutes });
  if (minutes < 48 * 60) return t('dashboard:waited.hours', { count: Math.floor(minutes / 60) });
  return t('dashboard:waited.days', { count: Math.floor(minutes / (24 * 60)) });
}

function Amount({ value, t }: { value: string; t: TFunction }) {
  const { text, unit } = amountWithUnit(value, dashboardAmounts(t).scheme);
  return (
    <>
      {text}
      <small>{t(`dashboard:unit.${unit}`)}</small>
    </>
  );
}

function Kpi({ title, value, hint, testId }: { title: string; value: ReactNode; hint: string; testId: string }) {
  return (
    <div className="dashboard-kpi" data-testid={testId}>
      <div className="dashboard-kpi-title">{title}</div>
      <div className="dashboard-kpi-value">{value}</div>
      <div className="dashboard-kpi-hint" title={hint}>
        {hint}
      </div>
    </div>
  );
}

function Panel({ area, title, extra, note, children }: { area: string; title: string; extra?: ReactNode; note?: ReactNode; children: ReactNode }) {
  return (
    <section className={`dashboard-panel dashboard-panel-${area}`} data-testid={`dashboard-panel-${area}`} aria-label={title}>
      <header className="dashboard-panel-head">
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="dashboard-panel-body">
        {children}
        {note && <div className="dashboard-panel-note">{note}</div>}
      </div>
    </section>
  );
}

/**
 * Beside the quota chart's legend (a row the chart leaves free, so the short 1366×768 panel keeps its height for
 * the units' names): how many units hold quota in all, of which the chart names the largest (the server sends
 * QUOTA_TOP_UNITS of them), and the way to every one of them, the quota ledger's list, which pages and searches
 * by unit: shown to whom may open it.
 */
/**
 * The quota panel's header line: one line, whatever the number of core enterprises. One per core enterprise, as
 * it was, took the 1366×768 panel's height from the chart (two lines squeezed its ten bars until their names
 * overlapped). Alone, the core enterprise's name is the chart's first bar; with several, the line sums them, and
 * its hover title names each with its own figures.
 */
function QuotaCoresLine({ quotas, amount, t }: { quotas: DashboardOverview['quotas']; amount: (value: string) => string; t: TFunction }) {
  const figures = (granted: string, occupied: string) => ({ granted: amount(granted), rate: formatPercent(shareOf(occupied, granted)) });
  const each = quotas.byCore.map((core) => t('dashboard:panel.quotaCore', { name: core.groupName, ...figures(core.granted, core.occupied) }));
  const line =
    quotas.byCore.length === 1
      ? t('dashboard:panel.quotaCoreOnly', figures(quotas.byCore[0].granted, quotas.byCore[0].occupied))
      : t('dashboard:panel.quotaCores', { count: quotas.byCore.length, ...figures(quotas.totals.granted, quotas.totals.occupied) });
  return (
    <div className="dashboard-panel-extra">
      <span title={each.join('\n')} data-testid="dashboard-quota-cores">
        {line}
      </span>
    </div>
  );
}

function QuotaUnitsNote({ quotas, t }: { quotas: DashboardOverview['quotas']; t: TFunction }) {
  const shown = quotas.topUnits.length;
  const count = quotas.totals.units;
  const units = count.toLocaleString('en-US');
  return (
    <>
      <span data-testid="dashboard-quota-units">
        {count > shown ? t('dashboard:panel.quotaTopUnits', { shown, count, units }) : t('dashboard:panel.quotaAllUnits', { count, units })}
      </span>
      <HasPermi value={[QUOTA_PERMISSIONS.quota.list]}>
        <Link to={QUOTA_PATHS.accounts} data-testid="dashboard-quota-ledger">
          {t('dashboard:panel.quotaLedger')}
        </Link>
      </HasPermi>
    </>
  );
}

/** A count and its amount under a label, above a panel's chart: "30 日内到期 / 1 张 · 15.32 万元". */
function Stat({ label, figures, testId, warn, t }: { label: string; figures: CountAmount; testId: string; warn?: boolean; t: TFunction }) {
  return (
    <div className={`dashboard-stat${warn && figures.count > 0 ? ' dashboard-stat-warn' : ''}`} data-testid={testId}>
      <span>{label}</span>
      <strong>
        {t('dashboard:notesCount', { count: figures.count })} · {dashboardAmounts(t).text(figures.amount)}
      </strong>
    </div>
  );
}

/** A chart, or the empty state when its section has no rows (a fresh install without the demo). */
function Chart({ option, rows, label, t }: { option: ChartOption; rows: number; label: string; t: TFunction }) {
  return rows > 0 ? (
    <EChart option={option} label={label} />
  ) : (
    <Empty className="dashboard-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('dashboard:empty')} />
  );
}

function Figures({ data, t }: { data: DashboardOverview; t: TFunction }) {
  const { notes, quotas, tasks, corporations, products } = data;
  const typeCount = (code: string) => corporations.byType.find((x) => x.code === code)?.count ?? 0;
  const options = useMemo(
    () => ({
      quota: quotaUnitsOption(quotas, t),
      grantor: grantorOption(quotas, t),
      pending: pendingOption(tasks, t),
      corpTypes: corpTypesOption(corporations, t),
      admission: admissionOption(corporations, t),
      results: resultsOption(tasks, t),
      monthly: monthlyOption(notes, t),
      maturity: maturityOption(notes, t),
      financing: financingOption(notes, t),
      holders: holdersOption(notes, t),
    }),
    [notes, quotas, tasks, corporations, t],
  );
  const amount = dashboardAmounts(t).text;
  const financedShare = formatPercent(shareOf(notes.financed.amount, notes.outstanding.amount));
  const ended = tasks.ended30d.approved + tasks.ended30d.rejected;

  return (
    <>
      <section className="dashboard-kpis">
        <Kpi
          testId="kpi-outstanding"
          title={t('dashboard:kpi.outstanding')}
          value={<Amount value={notes.outstanding.amount} t={t} />}
          hint={t('dashboard:kpi.outstandingHint', { count: notes.outstanding.count, percent: financedShare })}
        />
        <Kpi
          testId="kpi-issued-year"
          title={t('dashboard:kpi.issuedYear')}
          value={<Amount value={notes.issuedThisYear.amount} t={t} />}
          hint={t('dashboard:kpi.issuedYearHint', { count: notes.issuedThisYear.count })}
        />
        <Kpi
          testId="kpi-redeemed-year"
          title={t('dashboard:kpi.redeemedYear')}
          value={<Amount value={notes.redeemedThisYear.amount} t={t} />}
          hint={t('dashboard:kpi.redeemedYearHint', { count: notes.redeemedThisYear.count })}
        />
        <Kpi
          testId="kpi-granted"
          title={t('dashboard:kpi.granted')}
          value={<Amount value={quotas.totals.granted} t={t} />}
          hint={t('dashboard:kpi.grantedHint', {
            percent: formatPercent(shareOf(quotas.totals.dispatched, quotas.totals.granted)),
            count: quotas.totals.accounts,
            movements: quotas.totals.movements,
          })}
        />
        <Kpi
          testId="kpi-available"
          title={t('dashboard:kpi.available')}
          value={<Amount value={quotas.totals.available} t={t} />}
          hint={t('dashboard:kpi.availableHint', { occupied: amount(quotas.totals.occupied) })}
        />
        <Kpi
          testId="kpi-pending"
          title={t('dashboard:kpi.pending')}
          value={
            <>
              {tasks.pending}
              <small>{t('dashboard:tasksUnit', { count: tasks.pending })}</small>
            </>
          }
          hint={
            tasks.oldest
              ? t('dashboard:kpi.pendingHint', { unclaimed: tasks.unclaimed, waited: waitedSince(tasks.oldest, data.generatedAt, t) })
              : t('dashboard:kpi.pendingNone')
          }
        />
        <Kpi
          testId="kpi-corporations"
          title={t('dashboard:kpi.corporations')}
          value={corporations.total}
          hint={t('dashboard:kpi.corporationsHint', {
            core: typeCount(CORP_TYPE.core),
            supplier: typeCount(CORP_TYPE.supplier),
            finance: typeCount(CORP_TYPE.finance),
          })}
        />
        <Kpi
          testId="kpi-products"
          title={t('dashboard:kpi.products')}
          value={products.total}
          hint={t('dashboard:kpi.productsHint', { agreements: products.agreements })}
        />
      </section>

      <section className="dashboard-panels">
        <Panel
          area="monthly"
          title={t('dashboard:panel.monthly')}
          extra={
            <div className="dashboard-panel-extra">
              <span>
                {t('dashboard:panel.monthlyTotals', { issued: amount(notes.issuedThisYear.amount), redeemed: amount(notes.redeemedThisYear.amount) })}
              </span>
            </div>
          }
        >
          <Chart
            option={options.monthly}
            rows={notes.byMonth.filter((m) => m.issued.count + m.redeemed.count > 0).length}
            label={t('dashboard:panel.monthly')}
            t={t}
          />
        </Panel>
        <Panel
          area="quota"
          title={t('dashboard:panel.quota')}
          note={quotas.totals.units > 0 && <QuotaUnitsNote quotas={quotas} t={t} />}
          extra={quotas.byCore.length > 0 && <QuotaCoresLine quotas={quotas} amount={amount} t={t} />}
        >
          <Chart option={options.quota} rows={quotas.topUnits.length} label={t('dashboard:panel.quota')} t={t} />
        </Panel>
        <Panel area="maturity" title={t('dashboard:panel.maturity')}>
          <div className="dashboard-split">
            <div className="dashboard-stats">
              <Stat testId="dashboard-due-soon" label={t('dashboard:panel.dueSoon')} figures={notes.dueSoon} t={t} />
              <Stat testId="dashboard-overdue" label={t('dashboard:panel.overdue')} figures={notes.overdue} t={t} warn />
            </div>
            <div className="dashboard-split-chart">
              <Chart option={options.maturity} rows={notes.dueSoon.count + notes.overdue.count} label={t('dashboard:panel.maturity')} t={t} />
            </div>
          </div>
        </Panel>
        <Panel
          area="financing"
          title={t('dashboard:panel.financing')}
          extra={
            <div className="dashboard-panel-extra">
              <span data-testid="dashboard-financing-share">
                {t('dashboard:panel.financingShare', { percent: financedShare, financed: notes.financed.count, total: notes.outstanding.count })}
              </span>
            </div>
          }
        >
          <Chart option={options.financing} rows={notes.outstanding.count} label={t('dashboard:panel.financing')} t={t} />
        </Panel>
        <Panel area="holders" title={t('dashboard:panel.holders')}>
          <Chart option={options.holders} rows={notes.topHolders.length} label={t('dashboard:panel.holders')} t={t} />
        </Panel>
        <Panel area="grantor" title={t('dashboard:panel.grantor')}>
          <Chart option={options.grantor} rows={quotas.byGrantor.length} label={t('dashboard:panel.grantor')} t={t} />
        </Panel>
        <Panel area="tasks" title={t('dashboard:panel.tasks')}>
          <Chart option={options.pending} rows={tasks.byProcess.length} label={t('dashboard:panel.tasks')} t={t} />
        </Panel>
        <Panel area="corp-types" title={t('dashboard:panel.corpTypes')}>
          <Chart option={options.corpTypes} rows={corporations.byType.length} label={t('dashboard:panel.corpTypes')} t={t} />
        </Panel>
        <Panel area="admission" title={t('dashboard:panel.admission')}>
          <Chart option={options.admission} rows={corporations.coreAdmission.length} label={t('dashboard:panel.admission')} t={t} />
        </Panel>
        <Panel area="results" title={t('dashboard:panel.results')}>
          <Chart option={options.results} rows={ended} label={t('dashboard:panel.results')} t={t} />
        </Panel>
      </section>
    </>
  );
}

export default function DataDashboardPage(_props: PageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [data, setData] = useState<DashboardOverview>();
  const [error, setError] = useState<string>();
  const [loading, setLoading] = useState(false);
  const alive = useRef(true);

  const load = useCallback(() => {
    setLoading(true);
    dashboardApi.overview().then(
      (overview) => {
        if (!alive.current) return;
        setData(overview);
        setError(undefined);
        setLoading(false);
      },
      (e: Error) => {
        if (!alive.current) return;
        // The last figures stay on screen; the banner says they could not be renewed.
        setError(e.message);
        setLoading(false);
      },
    );
  }, []);

  useEffect(() => {
    alive.current = true;
    load();
    const timer = window.setInterval(load, DASHBOARD_REFRESH_MS);
    return () => {
      alive.current = false;
      window.clearInterval(timer);
    };
  }, [load]);

  return (
    <ConfigProvider theme={DARK}>
      <div className="dashboard" data-testid="data-dashboard">
        <header className="dashboard-header">
          <Button type="text" className="dashboard-back" icon={<HomeOutlined />} onClick={() => navigate(HOME_PATH)}>
            {t('dashboard:back')}
          </Button>
          <div className="dashboard-title">
            <h1>{t('dashboard:title')}</h1>
            <span>{t('dashboard:subtitle')}</span>
          </div>
          <div className="dashboard-actions">
            {data && (
              <span className="dashboard-updated" data-testid="dashboard-updated">
                {t('dashboard:updatedAt', { time: dayjs(data.generatedAt).format('YYYY-MM-DD HH:mm:ss') })}
                <small>{t('dashboard:autoRefresh')}</small>
              </span>
            )}
            <Button icon={<ReloadOutlined spin={loading} />} onClick={load} disabled={loading} data-testid="dashboard-refresh">
              {t('dashboard:refresh')}
            </Button>
          </div>
        </header>
        {error && <Alert className="dashboard-error" type="error" showIcon message={t('dashboard:loadFailed', { message: error })} />}
        {data ? <Figures data={data} t={t} /> : !error && <Spin className="dashboard-loading" size="large" />}
      </div>
    </ConfigProvider>
  );
}

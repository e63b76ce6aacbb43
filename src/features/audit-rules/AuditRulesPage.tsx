/**
 * 审计规则 (issue 41): the auditors' rules, each with its last result; a run of the evaluation (what
 * `npm run audit:rules` does) by whoever may run it; each rule's findings with their evidence (the
 * person, the roles and grants that make the conflict; the instance, its steps and who did them; the
 * log rows); the report as .xlsx or PDF; and the documented exceptions in force or waiting.
 */
import { DownloadOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Drawer, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../crud/fields';
import { useHasPermission } from '../../crud/use-resource-access';
import { AUDIT_RULES_API, type AuditExportFormat, type AuditRule } from '../../lib/audit-rules';
import { PERMISSIONS } from '../../lib/permissions';
import { api } from '../../providers/http';
import { useNamespaces } from '../../providers/lazy-namespaces';
import { PROCESS_DEFINITIONS } from '../../workflows/registry';

/** The server's report shapes (server/audit-rules/evaluate.ts), as the page reads them. */
interface RuleResult {
  id: string;
  passed: boolean;
  violations: number;
  excepted: number;
  mitigated: number;
}
interface Holding {
  pkRole: string;
  roleName: string;
  permissions: string[];
  steps: string[];
}
interface Finding {
  ruleId: string;
  kind: AuditRule['kind'];
  status: 'VIOLATION' | 'EXCEPTED' | 'MITIGATED';
  subjectType: 'role' | 'user' | 'instance' | 'change';
  subjectId: string;
  subjectName: string;
  evidence: Record<string, unknown>;
  exception?: { reason: string; expiresAt: string; approvedByName: string; requestedByName: string };
}
interface RunMeta {
  id: string;
  runByName: string;
  finishedAt: string;
  ruleSetVersion: string;
}
interface Run extends RunMeta {
  report: { rules: RuleResult[]; findings: Finding[] };
}
interface RuleRow {
  id: string;
  kind: AuditRule['kind'];
  severity: AuditRule['severity'];
  enabled: boolean;
  definition: AuditRule;
  lastResult: RuleResult | null;
}
interface Overview {
  ruleSetVersion: string;
  lastRun: RunMeta | null;
  rules: RuleRow[];
}
interface ExceptionRow {
  id: string;
  ruleId: string;
  subjectType: 'role' | 'user';
  subjectName: string | null;
  reason: string;
  expiresAt: string;
  status: string;
  requestedByName: string;
  approvedByName: string | null;
}

const SEVERITY_COLOR = { high: 'red', medium: 'orange', low: 'default' } as const;
const STATUS_COLOR = { VIOLATION: 'error', EXCEPTED: 'warning', MITIGATED: 'default' } as const;
const time = (iso: string) => dayjs(iso).format(DATETIME_FORMAT);

/** A process step key (Process_X.Step) as people read it: the process's name and the step's label. */
function useStepLabel() {
  const { t } = useTranslation();
  return (key: string) => {
    const [processKey, step] = [key.slice(0, key.lastIndexOf('.')), key.slice(key.lastIndexOf('.') + 1)];
    const definition = PROCESS_DEFINITIONS[processKey];
    return definition ? `${t(definition.processName)} · ${t(definition.activities[step]?.label ?? step)}` : key;
  };
}

function HoldingList({ holdings }: { holdings: Holding[] }) {
  const stepLabel = useStepLabel();
  return (
    <Space direction="vertical" size={2}>
      {holdings.map((h) => (
        <div key={h.pkRole}>
          <Typography.Text strong>{h.roleName}</Typography.Text>{' '}
          {h.permissions.map((p) => <Tag key={p}>{p}</Tag>)}
          {h.steps.map((s) => <Tag key={s} color="blue">{stepLabel(s)}</Tag>)}
        </div>
      ))}
    </Space>
  );
}

function Evidence({ finding, rule }: { finding: Finding; rule: AuditRule | undefined }) {
  const { t } = useTranslation();
  const e = finding.evidence;
  if (finding.kind === 'CONFLICTING_FUNCTIONS' || finding.kind === 'RESTRICTED_FUNCTION') {
    const roles = (e.roles as Array<{ roleName: string }>).map((r) => r.roleName).join('、');
    return (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('auditRules:page.roles')}>{roles}</Descriptions.Item>
        {rule?.kind === 'CONFLICTING_FUNCTIONS' ? (
          <>
            <Descriptions.Item label={t(`auditRules:${rule.a.nameKey}`)}><HoldingList holdings={e.a as Holding[]} /></Descriptions.Item>
            <Descriptions.Item label={t(`auditRules:${rule.b.nameKey}`)}><HoldingList holdings={e.b as Holding[]} /></Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={rule?.kind === 'RESTRICTED_FUNCTION' ? t(`auditRules:${rule.fn.nameKey}`) : ''}><HoldingList holdings={e.a as Holding[]} /></Descriptions.Item>
        )}
      </Descriptions>
    );
  }
  if (finding.kind === 'FOUR_EYES_IN_FACT') return <FourEyesEvidence evidence={e} />;
  const rows = e.logRows as Array<{ id: string; resource: string; recordId: string | null; action: string; time: string }>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>{t('auditRules:page.writes', { count: String(e.writes) })}</Typography.Text>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('auditRules:page.time'), dataIndex: 'time', render: (v: string) => time(v), width: 170 },
          { title: t('auditRules:page.action'), dataIndex: 'action', width: 110 },
          { title: t('auditRules:page.resource'), dataIndex: 'resource' },
          { title: t('auditRules:page.record'), dataIndex: 'recordId' },
        ]}
      />
    </Space>
  );
}

function FourEyesEvidence({ evidence }: { evidence: Record<string, unknown> }) {
  const { t } = useTranslation();
  const definition = PROCESS_DEFINITIONS[String(evidence.processKey)];
  const processLabel = definition ? t(definition.processName) : String(evidence.processKey);
  if (evidence.breach === 'APPLIED_WITHOUT_APPROVAL') {
    return <Typography.Text>{t('auditRules:page.appliedWithoutApproval', { process: processLabel, status: String(evidence.instanceStatus ?? '-') })}</Typography.Text>;
  }
  const person = evidence.person as { personName: string };
  const steps = evidence.steps as Array<{ step: string; action: string; personName: string; time: string }>;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text>{t(`auditRules:page.breach.${String(evidence.breach)}`, { person: person.personName, process: processLabel })}</Typography.Text>
      <Table
        size="small"
        rowKey={(row) => `${row.time}|${row.step}|${row.action}`}
        pagination={false}
        dataSource={steps}
        columns={[
          { title: t('auditRules:page.time'), dataIndex: 'time', render: (v: string) => time(v), width: 170 },
          { title: t('auditRules:page.step'), dataIndex: 'step', render: (v: string) => t(definition?.activities[v]?.label ?? v) },
          { title: t('auditRules:page.action'), dataIndex: 'action', render: (v: string) => t(`auditRules:page.historyAction.${v}`, { defaultValue: v }) },
          { title: t('auditRules:page.person'), dataIndex: 'personName' },
        ]}
      />
    </Space>
  );
}

export default function AuditRulesPage() {
  useNamespaces(['workflow']);
  const { t } = useTranslation();
  const { message } = App.useApp();
  const may = useHasPermission();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const [exceptions, setExceptions] = useState<ExceptionRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [running, setRunning] = useState(false);
  const [opened, setOpened] = useState<RuleRow | null>(null);

  const fail = useCallback((error: unknown) => void message.error(error instanceof Error ? error.message : String(error)), [message]);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [next, last, listed] = await Promise.all([
        api.post<Overview>(AUDIT_RULES_API.overview, {}),
        api.post<Run | null>(AUDIT_RULES_API.lastRun, {}),
        api.post<ExceptionRow[]>(AUDIT_RULES_API.exceptions, {}),
      ]);
      setOverview(next);
      setRun(last);
      setExceptions(listed);
    } catch (error) {
      fail(error);
    } finally {
      setLoading(false);
    }
  }, [fail]);
  useEffect(() => void load(), [load]);

  const runNow = async () => {
    setRunning(true);
    try {
      await api.post<Run>(AUDIT_RULES_API.run, {});
      await load();
      void message.success(t('auditRules:page.ran'));
    } catch (error) {
      fail(error);
    } finally {
      setRunning(false);
    }
  };

  const download = async (format: AuditExportFormat) => {
    try {
      const file = await api.post<{ fileName: string; mimeType: string; base64: string }>(AUDIT_RULES_API.export, { format });
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      const url = URL.createObjectURL(new Blob([bytes], { type: file.mimeType }));
      const link = Object.assign(document.createElement('a'), { href: url, download: file.fileName });
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      fail(error);
    }
  };

  const columns: ColumnsType<RuleRow> = [
    { title: t('auditRules:report.columns.id'), dataIndex: 'id', width: 220, render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { title: t('auditRules:report.columns.name'), key: 'name', render: (_: unknown, row) => t(`auditRules:${row.definition.nameKey}`) },
    { title: t('auditRules:report.columns.kind'), dataIndex: 'kind', width: 110, render: (v: string) => t(`auditRules:kinds.${v}`) },
    { title: t('auditRules:report.columns.severity'), dataIndex: 'severity', width: 90, render: (v: AuditRule['severity']) => <Tag color={SEVERITY_COLOR[v]}>{t(`auditRules:severities.${v}`)}</Tag> },
    {
      title: t('auditRules:report.columns.result'),
      key: 'result',
      width: 100,
      render: (_: unknown, row) =>
        !row.lastResult ? <Typography.Text type="secondary">{t('auditRules:page.notRun')}</Typography.Text> : row.lastResult.passed ? <Tag color="success">{t('auditRules:report.passed')}</Tag> : <Tag color="error">{t('auditRules:report.failed')}</Tag>,
    },
    { title: t('auditRules:report.columns.violations'), key: 'violations', width: 80, align: 'right', render: (_: unknown, row) => row.lastResult?.violations ?? '-' },
    { title: t('auditRules:report.columns.excepted'), key: 'excepted', width: 80, align: 'right', render: (_: unknown, row) => row.lastResult?.excepted ?? '-' },
    { title: t('auditRules:report.columns.mitigated'), key: 'mitigated', width: 80, align: 'right', render: (_: unknown, row) => row.lastResult?.mitigated ?? '-' },
    {
      title: t('auditRules:page.evidence'),
      key: 'open',
      width: 110,
      render: (_: unknown, row) =>
        row.lastResult && row.lastResult.violations + row.lastResult.excepted + row.lastResult.mitigated > 0 ? (
          <Button type="link" size="small" onClick={() => setOpened(row)} data-testid={`audit-rule-open-${row.id}`}>{t('auditRules:page.openEvidence')}</Button>
        ) : null,
    },
  ];

  const findings = opened && run ? run.report.findings.filter((f) => f.ruleId === opened.id) : [];
  const last = overview?.lastRun;

  return (
    <Card
      title={t('auditRules:title')}
      extra={
        <Space>
          {may(PERMISSIONS.auditRule.run) && <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={() => void runNow()} data-testid="audit-rules-run">{t('auditRules:page.run')}</Button>}
          {may(PERMISSIONS.auditRule.export) && last && (
            <>
              <Button icon={<DownloadOutlined />} onClick={() => void download('xlsx')} data-testid="audit-rules-export-xlsx">{t('auditRules:page.exportXlsx')}</Button>
              <Button icon={<DownloadOutlined />} onClick={() => void download('pdf')} data-testid="audit-rules-export-pdf">{t('auditRules:page.exportPdf')}</Button>
            </>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('auditRules:page.intro')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="audit-rules-last-run">
        {last ? t('auditRules:report.heading', { version: last.ruleSetVersion, time: time(last.finishedAt), person: last.runByName }) : t('auditRules:errors.noRun')}
      </Typography.Paragraph>
      <Table<RuleRow> rowKey="id" size="small" bordered loading={loading} columns={columns} dataSource={overview?.rules ?? []} pagination={false} scroll={{ x: 1000 }} data-testid="audit-rules-table" />

      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('auditRules:page.exceptions')}</Typography.Title>
      <Table<ExceptionRow>
        rowKey="id"
        size="small"
        bordered
        pagination={false}
        dataSource={exceptions}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditRules:page.noExceptions')} /> }}
        columns={[
          { title: t('auditRules:report.columns.id'), dataIndex: 'ruleId', width: 220 },
          { title: t('auditRules:report.columns.subject'), key: 'subject', render: (_: unknown, row) => t(`auditRules:subject.${row.subjectType}`, { name: row.subjectName ?? '-' }) },
          { title: t('auditRules:page.reason'), dataIndex: 'reason' },
          { title: t('auditRules:page.expiresAt'), dataIndex: 'expiresAt', width: 170, render: (v: string) => time(v) },
          { title: t('auditRules:report.columns.status'), dataIndex: 'status', width: 100, render: (v: string) => t(`auditRules:page.exceptionStatus.${v}`) },
          { title: t('auditRules:page.requestedBy'), dataIndex: 'requestedByName', width: 120 },
          { title: t('auditRules:page.approvedBy'), dataIndex: 'approvedByName', width: 120, render: (v: string | null) => v ?? '-' },
        ]}
        scroll={{ x: 1000 }}
        data-testid="audit-rules-exceptions"
      />

      <Drawer width={760} open={opened !== null} onClose={() => setOpened(null)} title={opened ? t(`auditRules:${opened.definition.nameKey}`) : ''} data-testid="audit-rule-evidence">
        <List
          dataSource={findings}
          renderItem={(f) => (
            <List.Item key={`${f.subjectType}|${f.subjectId}`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space>
                  <Tag color={STATUS_COLOR[f.status]}>{t(`auditRules:report.status.${f.status}`)}</Tag>
                  <Typography.Text strong>{t(`auditRules:subject.${f.subjectType}`, { name: f.subjectName })}</Typography.Text>
                </Space>
                {f.exception && <Typography.Text type="warning">{t('auditRules:report.exceptionLine', { reason: f.exception.reason, until: time(f.exception.expiresAt), by: f.exception.approvedByName })}</Typography.Text>}
                <Evidence finding={f} rule={opened?.definition} />
              </Space>
            </List.Item>
          )}
        />
      </Drawer>
    </Card>
  );
}

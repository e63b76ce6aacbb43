/**
 * 审计规则 (issue 41): the auditors' rules, each with its last result; a run of the evaluation (what
 * `npm run audit:rules` does) by whoever may run it; each rule's findings with their evidence (the
 * person, the roles and grants that make the conflict; the instance, its steps and who did them; the
 * log rows); the report as .xlsx or PDF; and, on a tab of their own, the documented exceptions with
 * where each stands (待批准, 生效中, 已过期, 已撤销), revocable by whoever may request one.
 *
 * 新增规则, 修改 and 停用 (audit:rule:edit) propose a change of the rule set: it takes effect once a
 * second person approves it in the task centre; until then the rule is marked 变更审批中.
 */
import { Typed } from '../../components/Typed';
import { DownloadOutlined, PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { App, Button, Card, Descriptions, Drawer, Empty, List, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs from 'dayjs';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATETIME_FORMAT } from '../../crud/fields';
import { useHasPermission } from '../../crud/use-resource-access';
import { AUDIT_RULES_API, nameOf, type AuditExportFormat, type AuditRule, type AuditRuleChange, type Named } from '../../lib/audit-rules';
import { permissionLabel } from '../../lib/permission-labels';
import { PERMISSIONS } from './permissions';
import { api } from '../../providers/http';
import { useNamespaces } from '../../providers/lazy-namespaces';
import { PROCESS_DEFINITIONS } from '../../workflows/registry';
import { AuditRuleForm, type RuleOptions } from './AuditRuleForm';

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
  dataVersion: number;
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
  status: 'PENDING' | 'APPROVED' | 'EXPIRED' | 'REVOKED';
  requestedByName: string;
  approvedByName: string | null;
  approvedAt: string | null;
}
const EXCEPTION_COLOR = { PENDING: 'processing', APPROVED: 'success', EXPIRED: 'default', REVOKED: 'default' } as const;

/** A rule's name: a written one is what a person typed ([data-record], which the English walk reads as such), a shipped one is translated. */
function RuleName({ named }: { named: Named }) {
  const { t } = useTranslation();
  return <span data-record={named.name ? '' : undefined}>{nameOf(named, t)}</span>;
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
  const { t } = useTranslation();
  const stepLabel = useStepLabel();
  return (
    <Space direction="vertical" size={2}>
      {holdings.map((h) => (
        <div key={h.pkRole}>
          <Typography.Text strong>{h.roleName}</Typography.Text>{' '}
          {h.permissions.map((p) => (
            <Tag key={p} title={p}>
              {permissionLabel(p, t)}
            </Tag>
          ))}
          {h.steps.map((s) => (
            <Tag key={s} color="blue">
              {stepLabel(s)}
            </Tag>
          ))}
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
            <Descriptions.Item label={nameOf(rule.a, t)}>
              <HoldingList holdings={e.a as Holding[]} />
            </Descriptions.Item>
            <Descriptions.Item label={nameOf(rule.b, t)}>
              <HoldingList holdings={e.b as Holding[]} />
            </Descriptions.Item>
          </>
        ) : (
          <Descriptions.Item label={rule?.kind === 'RESTRICTED_FUNCTION' ? nameOf(rule.fn, t) : ''}>
            <HoldingList holdings={e.a as Holding[]} />
          </Descriptions.Item>
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
    return (
      <Typography.Text>
        {t('auditRules:page.appliedWithoutApproval', { process: processLabel, status: String(evidence.instanceStatus ?? '-') })}
      </Typography.Text>
    );
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

/** Where the runner's name sits in the heading: the name is a person's, shown as data (not the interface's words). */
const PERSON_SLOT = '\u0000';
function RunHeading({ text, person }: { text: string; person: string }) {
  const [before, after = ''] = text.split(PERSON_SLOT);
  return (
    <>
      {before}
      <Typed>{person}</Typed>
      {after}
    </>
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
  const [changes, setRunningChanges] = useState<AuditRuleChange[]>([]);
  const [options, setOptions] = useState<RuleOptions | null>(null);
  const [editing, setEditing] = useState<{ row?: RuleRow } | null>(null);
  const mayEdit = may(PERMISSIONS.auditRule.edit);
  const mayExcept = may(PERMISSIONS.auditRule.except);

  const fail = useCallback((error: unknown) => void message.error(error instanceof Error ? error.message : String(error)), [message]);
  const load = useCallback(async () => {
    setLoading(true);
    try {
      const [next, last, listed, changing] = await Promise.all([
        api.post<Overview>(AUDIT_RULES_API.overview, {}),
        api.post<Run | null>(AUDIT_RULES_API.lastRun, {}),
        api.post<ExceptionRow[]>(AUDIT_RULES_API.exceptions, {}),
        api.post<AuditRuleChange[]>(AUDIT_RULES_API.runningChanges, {}),
      ]);
      setOverview(next);
      setRun(last);
      setExceptions(listed);
      setRunningChanges(changing);
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

  // What the rule form offers is read once, when a person who may propose opens it.
  const openForm = async (row?: RuleRow) => {
    try {
      if (!options) setOptions(await api.post<RuleOptions>(AUDIT_RULES_API.changeOptions, {}));
      setEditing({ row });
    } catch (error) {
      fail(error);
    }
  };
  const proposed = () => {
    setEditing(null);
    void message.success(t('auditRules:form.submitted'));
    void load();
  };
  const retire = async (row: RuleRow) => {
    try {
      await api.post(AUDIT_RULES_API.proposeChange, { action: 'retire', ruleId: row.id, dataVersion: row.dataVersion });
      proposed();
    } catch (error) {
      fail(error);
    }
  };
  const revoke = async (row: ExceptionRow) => {
    try {
      await api.post(AUDIT_RULES_API.revokeException, { id: row.id });
      void message.success(t('auditRules:page.revoked'));
      await load();
    } catch (error) {
      fail(error);
    }
  };
  const changingIds = new Set(changes.map((c) => c.ruleId));
  const ruleDefinitions = new Map((overview?.rules ?? []).map((r) => [r.id, r.definition]));

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
    { title: t('auditRules:report.columns.name'), key: 'name', width: 240, render: (_: unknown, row) => <RuleName named={row.definition} /> },
    { title: t('auditRules:report.columns.kind'), dataIndex: 'kind', width: 110, render: (v: string) => t(`auditRules:kinds.${v}`) },
    {
      title: t('auditRules:report.columns.severity'),
      dataIndex: 'severity',
      width: 90,
      render: (v: AuditRule['severity']) => <Tag color={SEVERITY_COLOR[v]}>{t(`auditRules:severities.${v}`)}</Tag>,
    },
    {
      title: t('auditRules:report.columns.result'),
      key: 'result',
      width: 100,
      render: (_: unknown, row) =>
        !row.lastResult ? (
          <Typography.Text type="secondary">{t('auditRules:page.notRun')}</Typography.Text>
        ) : row.lastResult.passed ? (
          <Tag color="success">{t('auditRules:report.passed')}</Tag>
        ) : (
          <Tag color="error">{t('auditRules:report.failed')}</Tag>
        ),
    },
    {
      title: t('auditRules:report.columns.violations'),
      key: 'violations',
      width: 80,
      align: 'right',
      render: (_: unknown, row) => row.lastResult?.violations ?? '-',
    },
    {
      title: t('auditRules:report.columns.excepted'),
      key: 'excepted',
      width: 80,
      align: 'right',
      render: (_: unknown, row) => row.lastResult?.excepted ?? '-',
    },
    {
      title: t('auditRules:report.columns.mitigated'),
      key: 'mitigated',
      width: 80,
      align: 'right',
      render: (_: unknown, row) => row.lastResult?.mitigated ?? '-',
    },
    {
      title: t('auditRules:page.evidence'),
      key: 'open',
      width: 110,
      render: (_: unknown, row) =>
        row.lastResult && row.lastResult.violations + row.lastResult.excepted + row.lastResult.mitigated > 0 ? (
          <Button type="link" size="small" onClick={() => setOpened(row)} data-testid={`audit-rule-open-${row.id}`}>
            {t('auditRules:page.openEvidence')}
          </Button>
        ) : null,
    },
    {
      title: t('auditRules:page.ruleStatus'),
      key: 'status',
      width: 130,
      render: (_: unknown, row) => (
        <Space size={4} wrap>
          {row.enabled ? <Tag color="success">{t('auditRules:page.enabled')}</Tag> : <Tag>{t('auditRules:page.disabled')}</Tag>}
          {changingIds.has(row.id) && (
            <Tag color="processing" data-testid={`audit-rule-changing-${row.id}`}>
              {t('auditRules:page.changeRunning')}
            </Tag>
          )}
        </Space>
      ),
    },
    ...(mayEdit
      ? [
          {
            title: t('auditRules:page.operations'),
            key: 'operations',
            width: 120,
            fixed: 'right' as const,
            render: (_: unknown, row: RuleRow) =>
              row.enabled && !changingIds.has(row.id) ? (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => void openForm(row)} data-testid={`audit-rule-edit-${row.id}`}>
                    {t('auditRules:page.edit')}
                  </Button>
                  <Popconfirm title={t('auditRules:page.retireConfirm', { name: nameOf(row.definition, t) })} onConfirm={() => retire(row)}>
                    <Button type="link" size="small" danger data-testid={`audit-rule-retire-${row.id}`}>
                      {t('auditRules:page.retire')}
                    </Button>
                  </Popconfirm>
                </Space>
              ) : null,
          },
        ]
      : []),
  ];

  const exceptionColumns: ColumnsType<ExceptionRow> = [
    {
      title: t('auditRules:report.exceptionColumns.rule'),
      dataIndex: 'ruleId',
      width: 220,
      render: (v: string) => (
        <>
          {ruleDefinitions.has(v) && <RuleName named={ruleDefinitions.get(v)!} />} <Typography.Text code>{v}</Typography.Text>
        </>
      ),
    },
    {
      title: t('auditRules:report.columns.subject'),
      key: 'subject',
      render: (_: unknown, row) => t(`auditRules:subject.${row.subjectType}`, { name: row.subjectName ?? '-' }),
    },
    { title: t('auditRules:page.reason'), dataIndex: 'reason' },
    { title: t('auditRules:page.expiresAt'), dataIndex: 'expiresAt', width: 170, render: (v: string) => time(v) },
    {
      title: t('auditRules:report.columns.status'),
      dataIndex: 'status',
      width: 90,
      render: (v: ExceptionRow['status']) => <Tag color={EXCEPTION_COLOR[v]}>{t(`auditRules:page.exceptionStatus.${v}`)}</Tag>,
    },
    { title: t('auditRules:page.requestedBy'), dataIndex: 'requestedByName', width: 110 },
    { title: t('auditRules:page.approvedBy'), dataIndex: 'approvedByName', width: 110, render: (v: string | null) => v ?? '-' },
    { title: t('auditRules:page.approvedAt'), dataIndex: 'approvedAt', width: 170, render: (v: string | null) => (v ? time(v) : '-') },
    ...(mayExcept
      ? [
          {
            title: t('auditRules:page.operations'),
            key: 'operations',
            width: 80,
            render: (_: unknown, row: ExceptionRow) =>
              row.status === 'PENDING' || row.status === 'APPROVED' ? (
                <Popconfirm title={t('auditRules:page.revokeConfirm')} onConfirm={() => revoke(row)}>
                  <Button type="link" size="small" danger data-testid={`audit-exception-revoke-${row.id}`}>
                    {t('auditRules:page.revoke')}
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]
      : []),
  ];

  const findings = opened && run ? run.report.findings.filter((f) => f.ruleId === opened.id) : [];
  const last = overview?.lastRun;

  return (
    <Card
      title={t('auditRules:title')}
      extra={
        <Space>
          {mayEdit && (
            <Button icon={<PlusOutlined />} onClick={() => void openForm()} data-testid="audit-rules-add">
              {t('auditRules:page.add')}
            </Button>
          )}
          {may(PERMISSIONS.auditRule.run) && (
            <Button type="primary" icon={<PlayCircleOutlined />} loading={running} onClick={() => void runNow()} data-testid="audit-rules-run">
              {t('auditRules:page.run')}
            </Button>
          )}
          {may(PERMISSIONS.auditRule.export) && last && (
            <>
              <Button icon={<DownloadOutlined />} onClick={() => void download('xlsx')} data-testid="audit-rules-export-xlsx">
                {t('auditRules:page.exportXlsx')}
              </Button>
              <Button icon={<DownloadOutlined />} onClick={() => void download('pdf')} data-testid="audit-rules-export-pdf">
                {t('auditRules:page.exportPdf')}
              </Button>
            </>
          )}
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">{t('auditRules:page.intro')}</Typography.Paragraph>
      <Typography.Paragraph data-testid="audit-rules-last-run">
        {last ? (
          <RunHeading
            text={t('auditRules:report.heading', { version: last.ruleSetVersion, time: time(last.finishedAt), person: PERSON_SLOT })}
            person={last.runByName}
          />
        ) : (
          t('auditRules:errors.noRun')
        )}
      </Typography.Paragraph>
      <Tabs
        data-testid="audit-rules-tabs"
        items={[
          {
            key: 'rules',
            label: t('auditRules:page.tabs.rules'),
            children: (
              <>
                <Table<RuleRow>
                  rowKey="id"
                  size="small"
                  bordered
                  loading={loading}
                  columns={columns}
                  dataSource={overview?.rules ?? []}
                  pagination={false}
                  scroll={{ x: 'max-content' }}
                  data-testid="audit-rules-table"
                />
                {changes.length > 0 && (
                  <Space direction="vertical" size={2} style={{ marginTop: 12 }} data-testid="audit-rules-running">
                    {changes.map((c) => (
                      <Typography.Text key={c.id} type="secondary">
                        {t('auditRules:page.changeRunning')}：{t(`auditRules:changeAction.${c.action}`)} <RuleName named={c.after.definition} />（{c.ruleId}）·{' '}
                        {t('auditRules:change.proposer')} {c.createByName ?? '-'}
                      </Typography.Text>
                    ))}
                  </Space>
                )}
              </>
            ),
          },
          {
            key: 'exceptions',
            label: `${t('auditRules:page.tabs.exceptions')} (${exceptions.length})`,
            children: (
              <Table<ExceptionRow>
                rowKey="id"
                size="small"
                bordered
                pagination={false}
                dataSource={exceptions}
                locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('auditRules:page.noExceptions')} /> }}
                columns={exceptionColumns}
                scroll={{ x: 'max-content' }}
                data-testid="audit-rules-exceptions"
              />
            ),
          },
        ]}
      />
      <AuditRuleForm
        open={editing !== null}
        rule={editing?.row?.definition}
        dataVersion={editing?.row?.dataVersion}
        options={options}
        onClose={() => setEditing(null)}
        onProposed={proposed}
      />

      <Drawer
        width={760}
        open={opened !== null}
        onClose={() => setOpened(null)}
        title={opened ? <RuleName named={opened.definition} /> : ''}
        data-testid="audit-rule-evidence"
      >
        <List
          dataSource={findings}
          renderItem={(f) => (
            <List.Item key={`${f.subjectType}|${f.subjectId}`}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <Space>
                  <Tag color={STATUS_COLOR[f.status]}>{t(`auditRules:report.status.${f.status}`)}</Tag>
                  <Typography.Text strong>{t(`auditRules:subject.${f.subjectType}`, { name: f.subjectName })}</Typography.Text>
                </Space>
                {f.exception && (
                  <Typography.Text type="warning">
                    {t('auditRules:report.exceptionLine', { reason: f.exception.reason, until: time(f.exception.expiresAt), by: f.exception.approvedByName })}
                  </Typography.Text>
                )}
                <Evidence finding={f} rule={opened?.definition} />
              </Space>
            </List.Item>
          )}
        />
      </Drawer>
    </Card>
  );
}

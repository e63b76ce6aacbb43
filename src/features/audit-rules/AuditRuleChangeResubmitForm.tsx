/**
 * A returned change of an auditors' rule at its proposer's step (RESUBMIT_FORMS, src/workflows/resubmit.tsx):
 * the rule form of 新增规则 / 修改, filled with what the change proposes. 重新提交 sends the rule with the
 * change's version read; the server checks it as a first proposal (server/audit-rules/changes.ts) and
 * nothing applies before the approval. A retirement has nothing to edit and whoever does not work the
 * task sees the change read-only: both get the change's own view.
 */
import { Descriptions, Form, Spin, Tag, Typography } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { AUDIT_RULES_API, nameOf, type AuditRuleChange } from '../../lib/audit-rules';
import { api } from '../../providers/http';
import { ResubmitFrame, useResubmit } from '../../workflows/resubmit';
import type { TaskComponentProps } from '../../workflows/task-types';
import { useTaskRecord } from '../../workflows/task-view/use-task-record';
import AuditRuleChangeTaskView from './AuditRuleChangeTaskView';
import { ruleBody, RuleFields, ruleFormValues, type RuleFormValues, type RuleOptions } from './AuditRuleForm';

export default function AuditRuleChangeResubmitForm(props: TaskComponentProps) {
  if (!props.working) return <AuditRuleChangeTaskView {...props} />;
  return <Editing {...props} />;
}

function Editing(props: TaskComponentProps) {
  const { instance, activityKey, reportRecord } = props;
  const { t } = useTranslation();
  const [form] = Form.useForm<RuleFormValues>();
  const { loaded, error } = useTaskRecord(reportRecord, async () => {
    const [change, options] = await Promise.all([
      api.post<AuditRuleChange | null>(AUDIT_RULES_API.changeByInstance, { instanceId: instance.id }),
      api.post<RuleOptions>(AUDIT_RULES_API.changeOptions, {}),
    ]);
    return { change, options };
  }, [instance.id, instance.status, activityKey]);
  const change = loaded?.change;
  const editable = !!change && change.action !== 'retire';

  const collect = useCallback(async () => {
    let values: RuleFormValues;
    try {
      values = await form.validateFields();
    } catch {
      throw new Error(t('kit:approval.resubmit.invalid'));
    }
    return { dataVersion: change!.dataVersion, rule: ruleBody(values, change!.after.definition, t) };
  }, [form, change, t]);
  useResubmit(props, editable ? collect : undefined);

  if (error) return null;
  if (!loaded) return <Spin />;
  if (!change || !editable) return <AuditRuleChangeTaskView {...props} />;
  return (
    <ResubmitFrame>
      <Descriptions size="small" bordered column={2} title={t('auditRules:change.title')} style={{ marginBottom: 16 }} data-testid="audit-rule-change">
        <Descriptions.Item label={t('auditRules:change.rule')}>
          {nameOf(change.after.definition, t)} <Typography.Text code>{change.ruleId}</Typography.Text>
        </Descriptions.Item>
        <Descriptions.Item label={t('auditRules:change.action')}>
          <Tag color={change.action === 'create' ? 'green' : 'blue'}>{t(`auditRules:changeAction.${change.action}`)}</Tag>
        </Descriptions.Item>
      </Descriptions>
      <Form<RuleFormValues>
        form={form}
        layout="vertical"
        name="audit-rule-resubmit"
        style={{ maxWidth: 720 }}
        initialValues={ruleFormValues(change.after.definition, t)}
        data-testid="audit-rule-resubmit"
      >
        <RuleFields form={form} options={loaded.options} withId={false} />
      </Form>
    </ResubmitFrame>
  );
}

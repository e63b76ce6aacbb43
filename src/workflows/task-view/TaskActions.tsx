/**
 * The pass / reject panel of an open task:
 *
 *   <TaskActions task={task} instance={instance} beforeComplete={[save]} onCompleted={(r) => reload()} />
 *
 * Shown only to who may work the task now (canWorkTask: workflow:task:handle, the step's working
 * role, unclaimed or theirs, and the server's `workable` when the task came from a lookup), so
 * op_auditor never sees it. 通过 and 驳回 share one remark (required for 驳回); a step where the
 * registry lets a process variable be given (issuance's finalApproveMode at CoreDirectorReview)
 * shows its choice. Completing: awaits each `beforeComplete` hook (one that throws stops it, its
 * message is shown and nothing is claimed), claims the task when unclaimed (tasks/claim), asks for the SMS
 * signature on a pass of a sign step (registry `sign`), then tasks/complete with the task's
 * dataVersion. Refusals show the server's message; the navbar's pending count is refreshed.
 */
import './locale';
import { Alert, App, Button, Form, Input, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_RESULT } from '../../lib/sms-sign';
import { ApiError } from '../../providers/http';
import { useUserInfo } from '../../providers/user';
import { pendingTasks } from '../task-center/pending-tasks';
import { reloadGlobalConfig } from '../../providers/global-config';
import { findProcessDefinition, variableGivenAt } from '../registry';
import { useSmsSign } from '../sign/useSmsSign';
import { TASK_OUTCOME, type TaskOutcome } from '../states';
import type { BeforeComplete, WorkflowInstance, WorkflowTask } from '../task-types';
import { stepNeedsSignature, taskSignScope } from '../task-sign';
import { canWorkTask } from './can-work';
import { isSubmitterStep } from '../submitter-step';
import { MAX_WORKFLOW_TEXT } from '../limits';
import { workflowApi } from './workflow-api';

export interface CompletedResult {
  outcome: TaskOutcome;
  instance: WorkflowInstance;
  /** The task now open (another step's), or null when the instance ended. */
  next: WorkflowTask | null;
}

export interface TaskActionsProps {
  task: WorkflowTask & { workable?: boolean };
  instance: WorkflowInstance;
  /** Awaited in order before completing; a hook that throws stops the completion and its message is shown. */
  beforeComplete?: readonly BeforeComplete[] | (() => readonly BeforeComplete[]);
  onCompleted?: (result: CompletedResult) => void;
  /** The business record is not (or not yet) shown: neither pass nor reject may be chosen. */
  disabled?: boolean;
}

interface Values {
  remark?: string;
  [variable: string]: string | undefined;
}

/** The process variables this step may give, with their options. */
function variablesAt(processKey: string, taskDefinitionKey: string) {
  const definition = findProcessDefinition(processKey);
  return Object.entries(definition?.variables ?? {}).filter(([name]) => definition && variableGivenAt(definition, name, taskDefinitionKey));
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The client already shows the catalogue's 403, timeout and network messages; business refusals are shown here. */
const alreadyShown = (error: unknown) => error instanceof ApiError && error.kind !== 'business';

export function TaskActions({ task, instance, beforeComplete, onCompleted, disabled = false }: TaskActionsProps) {
  const { t } = useTranslation('workflow');
  const { message } = App.useApp();
  const user = useUserInfo();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<TaskOutcome>();
  const [error, setError] = useState<string>();
  const { sign, modal } = useSmsSign();
  const variables = useMemo(() => variablesAt(task.processKey, task.taskDefinitionKey), [task.processKey, task.taskDefinitionKey]);

  if (!canWorkTask(user, task)) return null;
  // Back at the submitter's own step, a pass is the resubmission and a reject the withdrawal.
  const returned = isSubmitterStep(task.processKey, task.taskDefinitionKey);

  const run = async (outcome: TaskOutcome) => {
    if (disabled) return;
    setError(undefined);
    const pass = outcome === TASK_OUTCOME.PASS;
    let values: Values;
    try {
      // A reject needs its remark; a pass needs the step's choices. Each validates only its own fields.
      values = await form.validateFields(pass ? variables.map(([name]) => name) : ['remark']);
      values = { ...form.getFieldsValue(), ...values };
    } catch {
      return;
    }
    setBusy(outcome);
    try {
      // The hooks check and save the business view first: one that refuses (a missing reason) must
      // leave the task unclaimed, for another worker may take it.
      const hooks = typeof beforeComplete === 'function' ? beforeComplete() : (beforeComplete ?? []);
      for (const hook of hooks) await hook(outcome);
      let dataVersion = task.dataVersion;
      if (!task.assigneeId) dataVersion = (await workflowApi.claim(task.id)).dataVersion;
      if (pass && stepNeedsSignature(task.processKey, task.taskDefinitionKey)) {
        const signed = await sign({
          ...taskSignScope(task),
          corpName: user?.corpName,
          corpId: user?.corpId,
          personId: user?.personId,
          summary: instance.summary ?? undefined,
        });
        if (signed.code === SIGN_RESULT.CANCELLED) return;
        if (signed.code !== SIGN_RESULT.SUCCESS) throw new Error(signed.message);
      }
      const given = Object.fromEntries(variables.map(([name]) => [name, values[name]]).filter(([, value]) => value));
      const result = await workflowApi.complete({
        taskId: task.id,
        outcome,
        remark: values.remark?.trim() || undefined,
        variables: Object.keys(given).length > 0 ? given : undefined,
        dataVersion,
      });
      void message.success(t(returned ? (pass ? 'actions.resubmitted' : 'actions.withdrawn') : pass ? 'actions.passed' : 'actions.rejected'));
      void pendingTasks.refresh();
      // An approval may have put a product into effect: the shell's product names follow at once.
      if (!result.task) void reloadGlobalConfig();
      onCompleted?.({ outcome, instance: result.instance, next: result.task });
    } catch (e) {
      if (!alreadyShown(e)) setError(messageOf(e));
    } finally {
      setBusy(undefined);
    }
  };

  return (
    <div className="task-actions" data-testid="task-actions">
      <Form form={form} layout="vertical" initialValues={Object.fromEntries(variables.map(([name]) => [name, instance.variables[name]]))}>
        {variables.map(([name, variable]) => (
          <Form.Item
            key={name}
            name={name}
            label={t(variable.label)}
            rules={[{ required: true, message: t('actions.chooseVariable', { variable: t(variable.label) }) }]}
          >
            <Select
              style={{ maxWidth: 320 }}
              placeholder={t('actions.chooseVariable', { variable: t(variable.label) })}
              options={Object.entries(variable.options).map(([value, option]) => ({ value, label: t(option.label) }))}
              data-testid={`task-variable-${name}`}
            />
          </Form.Item>
        ))}
        <Form.Item
          name="remark"
          label={t('actions.remark')}
          rules={[{ required: true, whitespace: true, message: t(returned ? 'actions.withdrawRemarkRequired' : 'actions.remarkRequired') }]}
          required={false}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 6 }}
            maxLength={MAX_WORKFLOW_TEXT}
            showCount
            placeholder={t(returned ? 'actions.withdrawRemarkPlaceholder' : 'actions.remarkPlaceholder')}
            data-testid="task-remark"
          />
        </Form.Item>
        {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="task-action-error" />}
        <Space>
          <Button
            type="primary"
            onClick={() => void run(TASK_OUTCOME.PASS)}
            loading={busy === TASK_OUTCOME.PASS}
            disabled={disabled || busy !== undefined}
            data-testid="task-pass"
          >
            {t(returned ? 'actions.resubmit' : 'actions.pass')}
          </Button>
          <Button
            danger
            onClick={() => void run(TASK_OUTCOME.REJECT)}
            loading={busy === TASK_OUTCOME.REJECT}
            disabled={disabled || busy !== undefined}
            data-testid="task-reject"
          >
            {t(returned ? 'actions.withdraw' : 'actions.reject')}
          </Button>
        </Space>
      </Form>
      {modal}
    </div>
  );
}

/**
 * A returned change, editable by its submitter (spec §4.5: "change and resubmit or 撤回"): the
 * resource's own form fields (ResourceFormFields, the same rules as a first submission) opened with
 * what the change proposes over the record as it is. The task view's 重新提交 runs the hook this form
 * registers first: the form is checked, then its values replace the change's proposal on the server
 * (approvals/resubmit, checked there as a first submission is), and only then is the submitter's step
 * completed. A refusal stops it there, its message shown, the task still open. 撤回 sends nothing.
 */
import { Alert, Form } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { sensitiveOutgoing } from '../../providers/sensitive-values';
import { TASK_OUTCOME } from '../../workflows/states';
import type { BeforeComplete } from '../../workflows/task-types';
import { ResourceFormFields } from '../ResourceForm';
import type { AnyResource, PendingChange } from '../resource';
import { approvalApi } from './approval-api';

interface Props {
  resource: AnyResource;
  instanceId: string;
  change: PendingChange;
  record: Record<string, unknown> | null;
  registerBeforeComplete: (fn: BeforeComplete) => () => void;
}

export function ResubmitForm({ resource, instanceId, change, record, registerBeforeComplete }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Record<string, unknown>>();
  const creating = change.action === 'create';
  // A creation has only its proposal; a change of a record shows the record with the proposal over it.
  const initialValues = useMemo(() => (creating ? { ...change.proposed } : { ...record, ...change.proposed }), [creating, change.proposed, record]);

  useEffect(
    () =>
      registerBeforeComplete(async (outcome) => {
        if (outcome !== TASK_OUTCOME.PASS) return;
        try {
          await form.validateFields();
        } catch {
          throw new Error(t('kit:approval.resubmit.invalid'));
        }
        const values = form.getFieldsValue();
        await approvalApi.resubmit(instanceId, await sensitiveOutgoing(resource, values));
      }),
    [registerBeforeComplete, form, instanceId, resource, t],
  );

  return (
    <div data-testid="resubmit-form">
      <Alert type="info" showIcon message={t('kit:approval.resubmit.hint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '160px' }}
        labelWrap
        wrapperCol={{ flex: '1 1 0', style: { minWidth: 0, maxWidth: 560 } }}
        initialValues={initialValues}
        name={`${resource.name}-resubmit`}
      >
        <ResourceFormFields resource={resource} mode={creating ? 'create' : 'edit'} initialValues={initialValues} />
      </Form>
    </div>
  );
}

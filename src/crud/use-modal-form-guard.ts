/**
 * The kit's create and edit modals under the form guard (src/components/form-guard): typing marks the
 * form unsaved, 取消 (and the close button) ask before dropping it, and after a session's expiry the
 * list page offers the values back, reopening the modal (for an edit, on the same record) first.
 * Fields declared `sensitive` are never kept.
 *
 *   const createGuard = useModalFormGuard(resource, 'create', create);
 *   <ResourceFormModal modalProps={createGuard.modalProps} formProps={createGuard.formProps} … />  and {createGuard.notice}
 */
import type { FormInstance, FormProps, ModalProps } from 'antd';
import { useEffect, useRef } from 'react';
import { useFormGuard } from '../components/form-guard/useFormGuard';
import { fieldsOf } from './fields';
import type { AnyResource } from './resource';

/** What the guard uses of @refinedev/antd's useModalForm. */
interface ModalForm {
  modalProps: ModalProps;
  formProps: FormProps;
  formLoading: boolean;
  id?: string | number;
  show: (id?: string | number) => void;
}

const sensitiveFields = (resource: AnyResource) =>
  fieldsOf(resource)
    .filter(([, schema]) => (schema as { sensitive?: boolean }).sensitive)
    .map(([name]) => name);

const nextFrame = () => new Promise((resolve) => setTimeout(resolve, 50));

export function useModalFormGuard(resource: AnyResource, mode: 'create' | 'edit', modal: ModalForm) {
  const current = useRef(modal);
  current.current = modal;
  const open = !!modal.modalProps.open;

  const guard = useFormGuard({
    id: `${resource.name}-${mode}`,
    form: modal.formProps.form as FormInstance,
    exclude: sensitiveFields(resource),
    context: mode === 'edit' ? { recordId: modal.id } : undefined,
    // The modal opens (an edit loads its record) before the kept values go in over it.
    onRestore: async (draft) => {
      current.current.show(mode === 'edit' ? (draft.context?.recordId as string) : undefined);
      for (let waited = 0; waited < 200 && (!current.current.modalProps.open || current.current.formLoading); waited++) await nextFrame();
      await nextFrame();
    },
  });

  // Closed after a save (or a confirmed cancel): nothing left unsaved.
  const { saved } = guard;
  useEffect(() => {
    if (!open) saved();
  }, [open, saved]);

  const modalProps: ModalProps = {
    ...modal.modalProps,
    onCancel: (event) => {
      void guard.confirmDiscard().then((drop) => drop && modal.modalProps.onCancel?.(event));
    },
  };
  const formProps: FormProps = {
    ...modal.formProps,
    // Refine's save rejects when the server refuses, after it has told the operator (errorNotification,
    // or the message under its field) and left the modal open; antd's Form drops the promise, so the
    // refusal is settled here instead of surfacing as an uncaught ApiError in the console.
    onFinish: (values) => {
      void Promise.resolve(modal.formProps.onFinish?.(values)).catch(() => undefined);
    },
    onValuesChange: (...args) => {
      modal.formProps.onValuesChange?.(...args);
      guard.onValuesChange();
    },
  };
  return { modalProps, formProps, notice: guard.notice };
}

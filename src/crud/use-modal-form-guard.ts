/**
 * The kit's create and edit modals under the form guard (src/components/form-guard): typing marks the
 * form unsaved, 取消 (and the close button) ask before dropping it. Fields declared `sensitive` are
 * never kept. After a session's expiry the list page offers the values back (ResourceFormDialog.tsx:
 * the dialog mounts only when first opened, so the offer is the list's, and the dialog puts the
 * values in once open with its record loaded, calling markDirty).
 *
 *   const guard = useModalFormGuard(resource, 'create', create);
 *   <ResourceFormModal modalProps={guard.modalProps} formProps={guard.formProps} … />
 */
import type { FormInstance, FormProps, ModalProps } from 'antd';
import { useEffect } from 'react';
import { useFormGuard } from '../components/form-guard/useFormGuard';
import { fieldsOf } from './fields';
import type { AnyResource } from './resource';

/** What the guard uses of @refinedev/antd's useModalForm. */
interface ModalForm {
  modalProps: ModalProps;
  formProps: FormProps;
  id?: string | number;
}

const sensitiveFields = (resource: AnyResource) =>
  fieldsOf(resource)
    .filter(([, schema]) => (schema as { sensitive?: boolean }).sensitive)
    .map(([name]) => name);

/** The guarded form's id, under which its draft is kept and offered back on the list's page. */
export const modalFormGuardId = (resource: AnyResource, mode: 'create' | 'edit') => `${resource.name}-${mode}`;

export function useModalFormGuard(resource: AnyResource, mode: 'create' | 'edit', modal: ModalForm) {
  const open = !!modal.modalProps.open;

  // Its draft offer (guard.notice) is not shown: the form mounts only once opened, and the list's
  // page offers the draft instead (ResourceFormDialog's useDraftOffer), as the certificates page does.
  const guard = useFormGuard({
    id: modalFormGuardId(resource, mode),
    form: modal.formProps.form as FormInstance,
    exclude: sensitiveFields(resource),
    context: mode === 'edit' ? { recordId: modal.id } : undefined,
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
  return { modalProps, formProps, markDirty: guard.onValuesChange };
}

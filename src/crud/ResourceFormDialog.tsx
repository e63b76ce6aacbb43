/**
 * A resource list's create or edit dialog, mounted when first opened (issue 42): the list renders only
 * this host, whose state is the last request to open. Refine's useModalForm (with its useForm, record
 * query, mutations and form instance) cost about 200 ms of the dictionary list's first render at 4×
 * CPU for two dialogs the operator had not opened. Once opened, the dialog stays mounted, as it was
 * in the list: closing keeps the edited record watched until a removal forgets it, and a save's
 * callbacks run in a mounted component.
 *
 *   const create = useRef<FormDialogHandle>(null);
 *   <ResourceFormDialog ref={create} resource={resource} mode="create" onSaved={…} />   and create.current?.show()
 *
 * The host also offers the draft kept at a session's expiry (the form guard's, under the same id):
 * restoring opens the dialog (an edit on its record) and puts the kept values in once it has loaded.
 */
import { useModalForm } from '@refinedev/antd';
import type { BaseRecord } from '@refinedev/core';
import { useEffect, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Draft } from '../components/form-guard/drafts';
import { useDraftOffer } from '../components/form-guard/useFormGuard';
import { errorNotification } from '../providers/data-provider';
import { createValues } from './fields';
import type { AnyResource } from './resource';
import { ResourceFormModal } from './ResourceForm';
import { modalFormGuardId, useModalFormGuard } from './use-modal-form-guard';

export interface FormDialogHandle {
  /** Opens the dialog: empty for a create, on record `id` for an edit. */
  show: (id?: string) => void;
  /** These records were removed: an edit form that read one stops watching it (refetching it would fail). */
  forget: (ids: readonly string[]) => void;
}

type Mode = 'create' | 'edit';

interface Props {
  ref: Ref<FormDialogHandle>;
  resource: AnyResource;
  mode: Mode;
  /** Values a new record starts with (a create). */
  createDefaults?: Record<string, unknown>;
  /** Fields the page fixes (a create): shown, sent, not chosen. */
  fixed?: readonly string[];
  /** After a save: the list forgets its selection (and counts a proposal of an approvable resource). */
  onSaved: () => void;
}

/** A request to open; a new object each time, so the same record opened twice opens twice. */
interface Opening {
  id?: string;
  /** Kept values to put in once the dialog is open and its record loaded. */
  draft?: Draft;
}

export function ResourceFormDialog({ ref, resource, mode, createDefaults, fixed, onSaved }: Props) {
  const [opening, setOpening] = useState<Opening>();
  const dialog = useRef<Pick<FormDialogHandle, 'forget'>>(null);
  useImperativeHandle(ref, () => ({ show: (id) => setOpening({ id }), forget: (ids) => dialog.current?.forget(ids) }), []);
  const notice = useDraftOffer(modalFormGuardId(resource, mode), (draft) =>
    setOpening({ id: mode === 'edit' ? (draft.context?.recordId as string | undefined) : undefined, draft }),
  );
  return (
    <>
      {notice}
      {opening && (
        <GuardedFormModal ref={dialog} resource={resource} mode={mode} opening={opening} createDefaults={createDefaults} fixed={fixed} onSaved={onSaved} />
      )}
    </>
  );
}

const SETTLE_MS = 50;

function GuardedFormModal({
  ref,
  resource,
  mode,
  opening,
  createDefaults,
  fixed,
  onSaved,
}: Omit<Props, 'ref'> & { ref: Ref<Pick<FormDialogHandle, 'forget'>>; opening: Opening }) {
  const { t } = useTranslation();
  const title = t(resource.item ?? resource.title);
  // An approvable resource's save is a proposal: the notice says so.
  const proposes = mode === 'create' ? resource.approval?.create : resource.approval?.update;
  const modal = useModalForm<BaseRecord & { id: string }>({
    resource: resource.name,
    action: mode,
    // The list stays where it is after a save, query string included (Refine would go to the resource's list route).
    redirect: false,
    errorNotification,
    successNotification: () => ({
      type: 'success',
      message: t(proposes ? 'kit:approval.submitted' : mode === 'create' ? 'kit:notify.created' : 'kit:notify.updated', { title }),
      key: `${resource.name}-saved`,
    }),
    onMutationSuccess: onSaved,
  });
  const guard = useModalFormGuard(resource, mode, modal);

  const { id, setId, show, formLoading } = modal;
  useImperativeHandle(
    ref,
    () => ({
      forget: (ids) => {
        if (id !== undefined && ids.includes(String(id))) setId(undefined);
      },
    }),
    [id, setId],
  );

  // Each request opens the dialog, the first one as it mounts. show's identity follows the record's id.
  const showLatest = useRef(show);
  showLatest.current = show;
  useEffect(() => showLatest.current(opening.id), [opening]);

  // A restored draft goes in over the record once the dialog is open and the record loaded (Refine
  // fills the form from it in its own effect), a moment later, as the guard's onRestore did.
  const open = !!modal.modalProps.open;
  const restored = useRef<Opening>(undefined);
  const { form } = modal;
  const { markDirty } = guard;
  useEffect(() => {
    const draft = opening.draft;
    if (!draft || restored.current === opening || !open || formLoading) return;
    restored.current = opening;
    setTimeout(() => {
      form.setFieldsValue(draft.values);
      markDirty();
    }, SETTLE_MS);
  }, [opening, open, formLoading, form, markDirty]);

  return (
    <ResourceFormModal
      resource={resource}
      mode={mode}
      modalProps={guard.modalProps}
      formProps={mode === 'create' ? { ...guard.formProps, initialValues: createValues(resource, createDefaults) } : guard.formProps}
      fixed={fixed}
    />
  );
}

/**
 * Guards one form against losing what was typed (issue 26):
 *
 *   const guard = useFormGuard({ id: 'realname', form, exclude: ['idCard', 'mobilePhone', 'bankCard'] });
 *   <Form form={form} onValuesChange={guard.onValuesChange}>…</Form>   // typed: the page asks before it is left
 *   guard.saved();                                                     // after a save: nothing to lose
 *   {guard.notice}                                                     // after a session's expiry: offers the values back
 *
 * `exclude` names the sensitive fields, never kept. The draft is offered on the same page (path) to
 * the form of the same id; restoring fills the form (and calls onRestore, e.g. to open a modal first).
 */
import './locale';
import { Alert, Button, Space, type FormInstance } from 'antd';
import { useCallback, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { dropDraft, hasDraft, takeDraft, type Draft } from './drafts';
import { confirmLeaving, guardedForms } from './guarded-forms';

export interface FormGuardOptions {
  id: string;
  form: FormInstance;
  exclude?: readonly string[];
  /** Kept with the values (e.g. the id of the record a modal edits). */
  context?: Record<string, unknown>;
  /** Before the values are set: e.g. opens the modal the form lives in; may wait for its record to load. */
  onRestore?: (draft: Draft) => Promise<void> | void;
}

export interface FormGuard {
  onValuesChange: () => void;
  saved: () => void;
  /** For a modal's cancel: true when nothing is unsaved or the operator drops it. */
  confirmDiscard: () => Promise<boolean>;
  notice: ReactNode;
}

export function useFormGuard({ id, form, exclude = [], context, onRestore }: FormGuardOptions): FormGuard {
  const { pathname } = useLocation();
  // The page's own path, as first rendered: a kept-alive page keeps it while another is shown.
  const path = useRef(pathname).current;
  const latest = useRef({ form, exclude, context, onRestore });
  latest.current = { form, exclude, context, onRestore };
  const onValuesChange = useCallback(() => {
    guardedForms.markDirty({
      id,
      path,
      context: latest.current.context,
      values: () => {
        const values = { ...(latest.current.form.getFieldsValue(true) as Record<string, unknown>) };
        for (const field of latest.current.exclude) delete values[field];
        return values;
      },
    });
  }, [id, path]);

  const saved = useCallback(() => guardedForms.markClean(path, id), [id, path]);
  const confirmDiscard = useCallback(() => confirmLeaving([path]), [path]);

  // No clean-up on unmount: a page the tags-view keeps alive is hidden (its effects cleaned up) when
  // another is shown, and its form still holds what was typed. Closing asks and forgets (confirmLeaving).

  const notice = useDraftOffer(
    id,
    async (draft) => {
      await latest.current.onRestore?.(draft);
      latest.current.form.setFieldsValue(draft.values);
      onValuesChange();
    },
    path,
  );

  return { onValuesChange, saved, confirmDiscard, notice };
}

/**
 * The offer of a kept draft of form `id` on this page, for a page whose form is not mounted yet (a
 * modal opened from it): restoring reads the draft and hands it to onRestore, which opens the form.
 */
export function useDraftOffer(id: string, onRestore: (draft: Draft) => Promise<void> | void, pagePath?: string): ReactNode {
  const { t } = useTranslation('formGuard');
  const { pathname } = useLocation();
  const path = useRef(pagePath ?? pathname).current;
  const [waiting, setWaiting] = useState(() => hasDraft(path, id));
  const [failed, setFailed] = useState<string>();

  const restore = async () => {
    setWaiting(false);
    try {
      const draft = await takeDraft(path, id);
      if (draft) await onRestore(draft);
    } catch (error) {
      setFailed(error instanceof Error ? error.message : String(error));
    }
  };

  const discard = () => {
    dropDraft(path, id);
    setWaiting(false);
  };

  if (failed) return <Alert type="error" showIcon closable style={{ marginBottom: 12 }} message={failed} onClose={() => setFailed(undefined)} />;
  if (!waiting) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('draft.found')}
      description={t('draft.hint')}
      data-testid={`form-draft-${id}`}
      action={
        <Space direction="vertical">
          <Button size="small" type="primary" onClick={() => void restore()} data-testid={`form-draft-restore-${id}`}>
            {t('draft.restore')}
          </Button>
          <Button size="small" onClick={discard} data-testid={`form-draft-discard-${id}`}>
            {t('draft.discard')}
          </Button>
        </Space>
      }
    />
  );
}

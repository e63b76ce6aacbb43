/** What the staff and role pages share: the signed-in user's id, and a write with its notices. */
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../providers/user';

export function useCurrentUserId(): string | undefined {
  return useUserInfo()?.personId;
}

/**
 * Runs a write, says so when it succeeds, and shows the server's refusal when it does not (a
 * business refusal is the server's clear message; 403 and network failures the client already shows).
 */
export function useSubmit() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [submitting, setSubmitting] = useState(false);
  const submit = async (write: () => Promise<unknown>, successKey: string): Promise<void> => {
    setSubmitting(true);
    try {
      await write();
      void message.success(t(successKey));
    } catch (error) {
      const { kind, message: text } = error as { kind?: string; message?: string };
      if (kind === 'business' && text) void message.error(text);
      throw error;
    } finally {
      setSubmitting(false);
    }
  };
  return { submit, submitting };
}

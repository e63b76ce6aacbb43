/**
 * Refine's notificationProvider over antd's context-aware notification. It replaces
 * @refinedev/antd's, whose package would otherwise come whole into the first load of /op.
 */
import type { NotificationProvider } from '@refinedev/core';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export function useNotificationProvider(): NotificationProvider {
  const { notification } = App.useApp();
  const { t } = useTranslation();
  return {
    open: ({ key, message, description, type, cancelMutation, undoableTimeout }) => {
      if (type === 'progress') {
        notification.open({
          key,
          message,
          description: (
            <Button
              size="small"
              onClick={() => {
                cancelMutation?.();
                if (key) notification.destroy(key);
              }}
            >
              {t('undo')}
            </Button>
          ),
          duration: undoableTimeout ?? 0,
        });
        return;
      }
      notification.open({ key, message: description ?? message, description: description ? message : undefined, type });
    },
    close: (key) => notification.destroy(key),
  };
}

import { App } from 'antd';
import { useTranslation } from 'react-i18next';

/** Copies text to the clipboard and says 复制成功 or 复制失败 (spec §8). */
export function useCopy(): (text: string) => Promise<boolean> {
  const { message } = App.useApp();
  const { t } = useTranslation();
  return async (text: string) => {
    try {
      if (!navigator.clipboard) throw new Error('clipboard unavailable');
      await navigator.clipboard.writeText(text);
      void message.success(t('copy.success'));
      return true;
    } catch {
      void message.error(t('copy.failed'));
      return false;
    }
  };
}

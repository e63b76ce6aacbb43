import { App } from 'antd';
import { setNotifier } from '../providers/http';

/**
 * Hands antd's context-aware message and modal to the HTTP and session layers. It assigns while
 * rendering, before any child's effect can issue a request that needs to report something.
 */
export function NotifierBridge() {
  const { message, modal } = App.useApp();
  setNotifier({
    error: (text) => void message.error(text),
    timeoutDialog: (title, content, onConfirm) => void modal.warning({ title, content, onOk: onConfirm }),
    errorDialog: (title, content) =>
      new Promise<void>((resolve) => {
        modal.error({ title, content, onOk: () => resolve(), afterClose: () => resolve() });
      }),
  });
  return null;
}

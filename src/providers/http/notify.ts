/**
 * How the HTTP and session layers talk to the operator. The app installs antd's context-aware
 * message and modal at start; tests install spies. Until then nothing is shown, so these modules
 * stay free of React.
 */
export interface Notifier {
  error(message: string): void;
  /** The timeout dialog of spec §8: a warning titled 提示 whose confirm reloads the page. */
  timeoutDialog(title: string, content: string, onConfirm: () => void): void;
  /** A blocking error dialog (e.g. 错误提示 when user info fails); resolves once dismissed. */
  errorDialog(title: string, content: string): Promise<void>;
}

let current: Notifier = {
  error: () => undefined,
  timeoutDialog: () => undefined,
  errorDialog: () => Promise.resolve(),
};

export function setNotifier(notifier: Notifier): void {
  current = notifier;
}

export function notifier(): Notifier {
  return current;
}

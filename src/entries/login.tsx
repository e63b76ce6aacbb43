import { startTransition } from 'react';
import type { Root } from 'react-dom/client';
import LoginPage from '../pages/login/LoginPage';

/**
 * The light entry of /login/*: the login page without Refine, the shell or antd's message and modal
 * machinery (the page reports every outcome inline), so the first screen loads fast.
 */
export function mount(root: Root) {
  // A transition renders in slices that yield to the browser, instead of one long task at start.
  startTransition(() => root.render(<LoginPage />));
}

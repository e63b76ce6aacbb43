import type { Root } from 'react-dom/client';
import { ThemeProvider } from '../layout/theme/ThemeProvider';
import LoginPage from '../pages/login/LoginPage';

/**
 * The light entry of /login/*: the login form without Refine, the shell or antd's message and modal
 * machinery (the page reports every outcome inline), so the first screen loads fast.
 */
export function mount(root: Root) {
  root.render(
    <ThemeProvider>
      <LoginPage />
    </ThemeProvider>,
  );
}


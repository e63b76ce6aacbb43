import { App as AntdApp } from 'antd';
import type { ReactNode } from 'react';
import { NotifierBridge } from '../../components/NotifierBridge';
import { ThemeProvider } from './ThemeProvider';

/** The full app's root: the theme plus antd's context-aware message, notification and modal for the HTTP layer. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      <AntdApp style={{ minHeight: '100%' }}>
        <NotifierBridge />
        {children}
      </AntdApp>
    </ThemeProvider>
  );
}

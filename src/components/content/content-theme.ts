/**
 * The colours of content and the editor as CSS variables from the antd theme: they are shown in modals
 * and drawers, which render outside the shell's root and so without its variables.
 */
import { theme } from 'antd';
import type { CSSProperties } from 'react';

export function useContentThemeVars(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--content-text-secondary': token.colorTextSecondary,
    '--content-primary': token.colorPrimary,
    '--content-primary-bg': token.colorPrimaryBg,
    '--content-border': token.colorBorder,
    '--content-fill': token.colorFillTertiary,
    '--content-surface': token.colorBgContainer,
  } as CSSProperties;
}

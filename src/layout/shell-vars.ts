import { theme } from 'antd';
import type { CSSProperties } from 'react';

/** antd's theme tokens as CSS variables for the shell's own styles, so light, dark and the primary colour reach them. */
export function useShellCssVars(): CSSProperties {
  const { token } = theme.useToken();
  return {
    '--shell-bg': token.colorBgLayout,
    '--shell-surface': token.colorBgContainer,
    '--shell-border': token.colorBorderSecondary,
    '--shell-text': token.colorText,
    '--shell-text-secondary': token.colorTextSecondary,
    '--shell-primary': token.colorPrimary,
    '--shell-primary-bg': token.colorPrimaryBg,
    '--shell-fill': token.colorFillTertiary,
    '--shell-radius': `${token.borderRadius}px`,
  } as CSSProperties;
}

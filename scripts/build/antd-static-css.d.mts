/** Types of antd-static-css.mjs, for the build plugin. */
export const DEFAULT_THEME_COLOR: string;
export function antdStaticCss(options?: { colorPrimary?: string }): string;

/** Types of antd-static-css.mjs, for the build plugin. */
export function antdStaticCss(options: { colorPrimary: string }): string;

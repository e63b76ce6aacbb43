/** Types of bundle-budget.mjs, for the end-to-end test that checks its walk against what Chromium loads. */
export const SCREENS: Record<string, { budgetKb: number; roots: string[] }>;
export function readManifest(distDir: string): Record<string, { file: string; imports?: string[] }>;
export function screenFiles(manifest: Record<string, { file: string; imports?: string[] }>, roots: string[]): string[];
export function gzipKb(distDir: string, files: string[]): number;
export function measure(distDir: string): { path: string; budgetKb: number; files: string[]; kb: number }[];

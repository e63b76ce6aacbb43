/** Types of bundle-budget.mjs, for the build plugins and the end-to-end test that checks its walk against what Chromium loads. */
export interface ChunkGraphEntry {
  imports: string[];
  /** The project's own modules in the chunk (paths from the project root). */
  modules: string[];
}
export type ChunkGraph = Record<string, ChunkGraphEntry>;
export const CHUNK_GRAPH_FILE: string;
export const SCREENS: Record<'/login/op' | '/op', { budgetKb: number; roots: string[]; later: string[] }>;
export function readChunkGraph(distDir: string): ChunkGraph;
export function screenFiles(graph: ChunkGraph, modules: readonly string[]): string[];
export function gzipKb(distDir: string, files: string[]): number;
export function measure(distDir: string): { path: string; budgetKb: number; files: string[]; kb: number }[];

/**
 * The platform's global config (spec §3): theme colour, the operator short name, products and the
 * logo and favicon files, merged from the three config calls of spec §7. The shell loads it once
 * after sign-in; until then, and when a call fails, the defaults stand.
 */
import { useSyncExternalStore } from 'react';
import { publicPreviewPath } from '../lib/files';
import { API_BASE, GLOBAL_CONFIG_PATHS, type ProductModel } from '../protocol';
import { api } from './http';

export type { ProductModel };

export interface GlobalConfig {
  themeColor?: string;
  opshort?: string;
  sysPrdModelVOList: ProductModel[];
  logoFileId?: string;
  faviconFileId?: string;
}

export const DEFAULT_GLOBAL_CONFIG: GlobalConfig = { sysPrdModelVOList: [] };

export const GLOBAL_CONFIG_CALLS = [GLOBAL_CONFIG_PATHS.platform, GLOBAL_CONFIG_PATHS.products, GLOBAL_CONFIG_PATHS.navView] as const;

/** Later calls fill what earlier ones left empty; a null from the server means "not configured". */
export function mergeGlobalConfig(parts: ReadonlyArray<Partial<GlobalConfig> | null | undefined>): GlobalConfig {
  const merged: GlobalConfig = { ...DEFAULT_GLOBAL_CONFIG };
  for (const part of parts) {
    for (const [key, value] of Object.entries(part ?? {})) {
      if (value !== null && value !== undefined && value !== '') (merged as unknown as Record<string, unknown>)[key] = value;
    }
  }
  return merged;
}

/** Rejects with the first failing call's message (spec §8). */
export async function loadGlobalConfig(): Promise<GlobalConfig> {
  const parts = await Promise.all(GLOBAL_CONFIG_CALLS.map((url) => api.post<Partial<GlobalConfig> | null>(url, {}, { silent: true, keepOnNavigate: true })));
  return mergeGlobalConfig(parts);
}

export function productName(config: GlobalConfig, prdCode: string, short = false): string | undefined {
  const attrs = config.sysPrdModelVOList.find((p) => p.prdCode === prdCode)?.extAttrMap;
  return (short ? attrs?.prdShortName : undefined) ?? attrs?.prdName;
}

/** Logo and favicon are public files (spec §7), loaded by the browser as plain images. */
export function publicFileUrl(fileId: string): string {
  return `${API_BASE}${publicPreviewPath(fileId)}`;
}

let config = DEFAULT_GLOBAL_CONFIG;
const listeners = new Set<() => void>();

export const globalConfigStore = {
  get: (): GlobalConfig => config,
  set(next: GlobalConfig): void {
    config = next;
    listeners.forEach((notify) => notify());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useGlobalConfig(): GlobalConfig {
  return useSyncExternalStore(globalConfigStore.subscribe, globalConfigStore.get, globalConfigStore.get);
}

let early: Promise<void> | undefined;

function applyGlobalConfig(): Promise<void> {
  // The shell keeps its defaults when the platform config cannot be had (spec §8: the loader rejects).
  return loadGlobalConfig().then(globalConfigStore.set, () => undefined);
}

/**
 * A returning operator's tab asks for the config at start, beside user info and the menu tree, so
 * the shell's first render already has it instead of rendering again when it arrives.
 */
export function prefetchGlobalConfig(): void {
  early = applyGlobalConfig();
}

/** Loads the config again (an approval may have put a product into effect); a failure keeps what is shown. */
export function reloadGlobalConfig(): Promise<void> {
  return applyGlobalConfig();
}

/** Mounted once by the signed-in shell: the load started at the page's start, if any, else a new one. */
export function loadShellGlobalConfig(): Promise<void> {
  const load = early ?? applyGlobalConfig();
  early = undefined;
  return load;
}

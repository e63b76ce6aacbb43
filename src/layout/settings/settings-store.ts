/**
 * The layout settings of spec §3, persisted in local storage: they are the operator's preferences
 * for this browser, not for the session.
 */
import { useSyncExternalStore } from 'react';

export const DEFAULT_THEME_COLOR = '#2a6bfd';

export type ThemeMode = 'light' | 'dark';
export type SideTheme = 'theme-dark' | 'theme-light';
export type SizeSetting = 'small' | 'medium' | 'large';

export interface LayoutSettings {
  /** The primary colour the operator picked; unset follows the platform's (global config). */
  theme?: string;
  sideTheme: SideTheme;
  tagsView: boolean;
  fixedHeader: boolean;
  sidebarLogo: boolean;
  showBreadcrumb: boolean;
  /** The top-level menu in the navbar, the sidebar showing the chosen entry's pages (RuoYi's TopNav). */
  firstMenuOnNav: boolean;
  size: SizeSetting;
  mode: ThemeMode;
}

export const DEFAULT_SETTINGS: LayoutSettings = {
  sideTheme: 'theme-dark',
  tagsView: true,
  fixedHeader: true,
  sidebarLogo: true,
  showBreadcrumb: true,
  firstMenuOnNav: false,
  size: 'medium',
  mode: 'light',
};

export const SETTINGS_STORAGE_KEY = 'layout-setting';

const isHexColour = (value: unknown): value is string => typeof value === 'string' && /^#[0-9a-f]{6}$/i.test(value);

/** Reads stored settings, keeping only well-formed values: a stale or hand-edited entry cannot break the shell. */
export function parseSettings(raw: string | null): LayoutSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(raw ?? '{}');
    if (parsed && typeof parsed === 'object') stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const pick = <K extends keyof LayoutSettings>(key: K, allowed: readonly LayoutSettings[K][]): LayoutSettings[K] =>
    allowed.includes(stored[key] as LayoutSettings[K]) ? (stored[key] as LayoutSettings[K]) : DEFAULT_SETTINGS[key];
  const flags = [true, false] as const;
  return {
    theme: isHexColour(stored.theme) ? stored.theme : undefined,
    sideTheme: pick('sideTheme', ['theme-dark', 'theme-light']),
    tagsView: pick('tagsView', flags),
    fixedHeader: pick('fixedHeader', flags),
    sidebarLogo: pick('sidebarLogo', flags),
    showBreadcrumb: pick('showBreadcrumb', flags),
    firstMenuOnNav: pick('firstMenuOnNav', flags),
    size: pick('size', ['small', 'medium', 'large']),
    mode: pick('mode', ['light', 'dark']),
  };
}

function storage(): Storage | undefined {
  return typeof localStorage === 'undefined' ? undefined : localStorage;
}

let settings = parseSettings(storage()?.getItem(SETTINGS_STORAGE_KEY) ?? null);
const listeners = new Set<() => void>();

export const settingsStore = {
  get: (): LayoutSettings => settings,
  update(change: Partial<LayoutSettings>): void {
    settings = { ...settings, ...change };
    storage()?.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(settings));
    listeners.forEach((notify) => notify());
  },
  reset(): void {
    settings = DEFAULT_SETTINGS;
    storage()?.removeItem(SETTINGS_STORAGE_KEY);
    listeners.forEach((notify) => notify());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useSettings(): LayoutSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}

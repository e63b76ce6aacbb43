/**
 * The layout's responsive states (spec 2.6, §9): WIDE from 1480 px, MINI below; below 992 px the
 * device is mobile and the sidebar becomes a drawer.
 */
import { useSyncExternalStore } from 'react';

export const WIDE_MIN_WIDTH = 1480;
export const MOBILE_MAX_WIDTH = 991;

export type LayoutWidth = 'WIDE' | 'MINI';
export type Device = 'desktop' | 'mobile';

export function layoutWidth(width: number): LayoutWidth {
  return width >= WIDE_MIN_WIDTH ? 'WIDE' : 'MINI';
}

export function deviceOf(width: number): Device {
  return width <= MOBILE_MAX_WIDTH ? 'mobile' : 'desktop';
}

function subscribe(listener: () => void): () => void {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

const width = () => window.innerWidth;

export function useViewport(): { device: Device; layout: LayoutWidth } {
  const device = useSyncExternalStore(subscribe, () => deviceOf(width()));
  const layout = useSyncExternalStore(subscribe, () => layoutWidth(width()));
  return { device, layout };
}

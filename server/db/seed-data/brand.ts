/**
 * The platform's built-in public files: the logo and the favicon the nav-view config names. The
 * server renders them from these drawings to PNG at start when they are missing (server/files/store.ts).
 */
export interface BuiltinFileSeed {
  id: string;
  originalName: string;
  svg: string;
  /** Rendered width and height in pixels. */
  size: number;
}

const mark = (size: number) => `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">
  <rect width="32" height="32" rx="8" fill="#2a6bfd"/>
  <path d="M9 20.5c2.2 2 4.6 3 7.2 3 3.6 0 6.3-1.8 6.3-4.9 0-5.8-10.6-3.9-10.6-7.6 0-1.3 1.3-2.3 3.3-2.3 1.8 0 3.4.6 5 1.9" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/>
</svg>`;

export const BUILTIN_FILES = {
  logo: { id: 'f-platform-logo', originalName: 'platform-logo.png', svg: mark(256), size: 256 },
  favicon: { id: 'f-platform-favicon', originalName: 'favicon.png', svg: mark(64), size: 64 },
} as const satisfies Record<string, BuiltinFileSeed>;

/** The few cookies the protocol names, without a cookie library. */
export function readCookie(name: string): string | undefined {
  return readCookies([name])[name];
}

/** Several cookies from one read of document.cookie, which is slow (the browser asks its cookie store each time). */
export function readCookies<N extends string>(names: readonly N[]): Partial<Record<N, string>> {
  const found: Partial<Record<N, string>> = {};
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    const name = decodeURIComponent(part.slice(0, eq)) as N;
    if (eq > 0 && names.includes(name) && !(name in found)) found[name] = decodeURIComponent(part.slice(eq + 1));
  }
  return found;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Strict`;
}

export function removeCookie(name: string): void {
  document.cookie = `${encodeURIComponent(name)}=; Path=/; Max-Age=0; SameSite=Strict`;
}

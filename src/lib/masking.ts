/**
 * Sensitive values (spec 5.5, protocol 8): masking for display and the rule for what a form sends.
 * Encryption is injected so this module stays pure and the browser bundle decides which RSA library to load.
 */

export const MASK = '****';

/** The fields whose values the server masks in answers and expects encrypted in requests. */
export const SENSITIVE_FIELDS = ['mobilePhone', 'idCard', 'bankCard'] as const;

/**
 * Masks for display: up to 8 characters keep the first and last, otherwise the first four and last four.
 * Counts characters, not UTF-16 units, so a name in a supplementary-plane character is never cut in half.
 * A one-character value shows that character at both ends, as the rule literally says.
 */
export function maskValue(value: string | null | undefined): string {
  if (!value) return '';
  const chars = Array.from(value);
  const keep = chars.length <= 8 ? 1 : 4;
  return chars.slice(0, keep).join('') + MASK + chars.slice(-keep).join('');
}

export function isMasked(value: unknown): boolean {
  return typeof value === 'string' && value.includes(MASK);
}

/**
 * The send rule: a still-masked value was not edited, so it is left out (the server keeps what it has);
 * an edited value is replaced by `encrypt(value)`. Empty and non-string values are passed through,
 * since there is nothing to hide in clearing a field. Returns a copy; the record is not modified.
 */
export function sensitiveFieldsToSend<T extends Record<string, unknown>>(
  record: T,
  fields: readonly string[] = SENSITIVE_FIELDS,
  encrypt: (plain: string) => string,
): Partial<T> {
  const result: Record<string, unknown> = { ...record };
  for (const field of fields) {
    const value = result[field];
    if (isMasked(value)) delete result[field];
    else if (typeof value === 'string' && value !== '') result[field] = encrypt(value);
  }
  return result as Partial<T>;
}

/**
 * Whether a field still holds what the server sent. A masked value equal to its original is unchanged,
 * except for a whitelisted user: they are shown values in full, so a masked value in their form cannot
 * be the original they saw and counts as changed.
 */
export function isUnchanged(current: unknown, original: unknown, onWhitelist: boolean): boolean {
  if (current !== original) return false;
  return !(isMasked(current) && onWhitelist);
}

/**
 * A sensitive field of a form that still shows the mask it was loaded with: the operator did not
 * touch it, so it is neither validated nor sent (the server keeps the stored value). A mask that was
 * edited (a digit added, one removed) is neither the stored value nor a new one.
 */
export function isUntouchedMask(current: unknown, original: unknown): boolean {
  return isMasked(current) && current === original;
}

/** The part of the Web Storage API this module reads; sessionStorage or any test double fits. */
export interface StorageLike {
  getItem(key: string): string | null;
}

export const WHITELIST_KEY = 'sensitiveWhitelist';
export const DESENSITIZATION_KEY = 'desensitizationEnabled';

function browserSessionStorage(): StorageLike | undefined {
  try {
    return (globalThis as { sessionStorage?: StorageLike }).sessionStorage;
  } catch {
    // Sandboxed frames throw on access instead of returning undefined.
    return undefined;
  }
}

/**
 * Hover tips mask their content when desensitization is enabled and the user is not on the whitelist.
 * A missing flag (or no storage at all, as on the server) falls to the safe side: desensitization
 * counts as enabled and the user as not whitelisted, so contents are masked.
 */
export function shouldMaskInHoverTip(storage: StorageLike | undefined = browserSessionStorage()): boolean {
  const whitelisted = storage?.getItem(WHITELIST_KEY) === 'true';
  const desensitizationEnabled = storage?.getItem(DESENSITIZATION_KEY) !== 'false';
  return desensitizationEnabled && !whitelisted;
}

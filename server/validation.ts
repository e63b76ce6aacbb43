/** Body checks for routes: a failed check names the field (PROTOCOL.md §5, VALIDATION_FAILED). */
import { translate } from './i18n';

export type Validation<T> = { ok: true; value: T } | { ok: false; error: string };

export type BodyValidator<T> = (body: unknown) => Validation<T>;

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object whose listed fields are non-empty strings. */
export function requireStrings<K extends string>(...fields: K[]): BodyValidator<Record<K, string>> {
  return (body) => {
    if (!isPlainObject(body)) return { ok: false, error: translate('server:validation.bodyNotObject') };
    for (const field of fields) {
      const value = body[field];
      if (value === undefined || value === null || value === '') {
        return { ok: false, error: translate('server:validation.required', { field }) };
      }
      if (typeof value !== 'string') return { ok: false, error: translate('server:validation.notString', { field }) };
    }
    return { ok: true, value: Object.fromEntries(fields.map((f) => [f, body[f] as string])) as Record<K, string> };
  };
}

/** A field's label in the request's language, as refusals name it; alone so that every crud module may name a field without importing fields.ts. */
import type { FieldSchema } from '../../src/crud/resource';
import { translate } from '../i18n';

export const fieldLabel = (schema: FieldSchema) => translate(schema.label);

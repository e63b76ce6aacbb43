/**
 * The staff and role writes' body schemas (zod, server/input/fields.ts): the record's id and version,
 * the lists of roles, positions, organisations, menus and permissions an account or a role holds, and
 * the encrypted password. The declared fields of the account or role (username, roleName ...) are
 * checked by the schema derived from the resource's field rules (server/crud/body-schema.ts recordBody),
 * which the create and update bodies' own keys here join. Each refusal is a VALIDATION_FAILED with a Chinese message naming what is wrong;
 * nothing is written. Whether a role, menu or organisation exists is the handlers' rule.
 */
import { z } from 'zod';
import { POSITIONS } from '../../src/lib/access';
import { validationError } from '../errors';
import { translate } from '../i18n';
import { id, ids, optional, text, version } from '../input/fields';

/** Far more than any real account or role holds; a longer list is hostile input. */
export const MAX_LIST = 500;

/** A list of distinct non-empty strings (absent or null: empty), refused with the field's label otherwise. */
function stringList(labelKey: string) {
  const refused = () => translate('staff:errors.badList', { field: translate(labelKey), max: String(MAX_LIST) });
  return z.preprocess(
    (value) => value ?? [],
    z
      .array(z.unknown(), { error: refused })
      .max(MAX_LIST, { error: refused })
      // Checked as a whole, so the refusal names the list, not its nth element.
      .refine((list): list is string[] => list.every((item) => typeof item === 'string' && item !== '' && item.length <= 200), { error: refused })
      .transform((list) => [...new Set(list)]),
  );
}

const POSITION_ORDER: readonly string[] = Object.values(POSITIONS);

/** Position codes of src/lib/access.ts POSITIONS, in their declared order. */
const positionList = stringList('staff:staff.fields.positions')
  .refine((positions) => positions.every((code) => POSITION_ORDER.includes(code)), {
    error: (issue) => {
      const unknown = (issue.input as string[]).find((code) => !POSITION_ORDER.includes(code)) ?? '';
      return translate('staff:errors.unknownPosition', { code: unknown.slice(0, 50) });
    },
  })
  .transform((positions) => POSITION_ORDER.filter((code) => positions.includes(code)));

/** RSA-encrypted in the browser (src/lib/crypto): decrypted by the handler, which holds the keys. */
const password = text('staff:staff.fields.password', 4096);

const staffId = id('staff:staff.fields.id');
const roleId = id('staff:role.fields.id');

/** The roles, positions and organisations an account is to hold; orgId and defaultCorpId are read with the database. */
const assignments = { roleIds: stringList('staff:staff.fields.roles'), positions: positionList, corpIds: stringList('staff:staff.fields.corps') };

/**
 * An update's lists: one the body leaves out keeps the account's (undefined: the derived body's rule, an absent
 * field keeps its value); an empty list, or null, clears it. `optional` answers an absent key before the list's own
 * reading, which takes null for the empty list.
 */
const changedAssignments = { roleIds: assignments.roleIds.optional(), positions: positionList.optional(), corpIds: assignments.corpIds.optional() };

export const staffBodies = {
  byId: z.object({ id: staffId }),
  /** The create's and the update's own keys, beside the account's fields (recordBody). */
  save: { ...assignments, password },
  update: { id: staffId, dataVersion: version(), ...changedAssignments },
  resetPassword: z.object({ id: staffId, password }),
  /** The version the screen read, when it read one: unlocking is safe to repeat. */
  unlock: z.object({ id: staffId, dataVersion: optional(version()) }),
};

/** The permissions and menus a role is to hold. */
const grants = { permissions: stringList('staff:role.fields.permissions'), menuIds: stringList('staff:role.fields.menus') };

export const roleBodies = {
  byId: z.object({ id: roleId }),
  /** The create's and the update's own keys, beside the role's fields (recordBody). */
  save: grants,
  /** As an account's lists: one the update leaves out keeps the role's, an empty one (or null) clears it. */
  update: { id: roleId, dataVersion: version(), permissions: grants.permissions.optional(), menuIds: grants.menuIds.optional() },
  remove: z.object({ ids: ids('staff:role.fields.id', MAX_LIST) }),
};

/** An encrypted password decrypted, trimmed; refused when it was not encrypted with the session's key. */
export function decryptedPassword(cipher: string, decrypt: (cipher: string) => string | null): string {
  const plain = decrypt(cipher);
  if (plain === null) throw validationError(translate('server:validation.notEncrypted', { field: translate('staff:staff.fields.password') }));
  return plain.trim();
}

/** The seeded personas' user info as /op/v1/userInfo gives it: their role, and that role's grants. */
import { PERSONAS, ROLES } from '../../../server/db/seed-data/personas';
import type { UserInfo } from '../../../src/protocol';
import { knownPermissions } from '../../../src/crud/resource';
import { expandGrants } from '../../../src/lib/grants';
import { RESOURCES } from '../../../src/resources';

export type PersonaName = 'op_admin' | 'op_handler' | 'op_director' | 'op_auditor' | 'op_agent';

export function personaUser(username: PersonaName): UserInfo {
  const persona = PERSONAS.find((p) => p.username === username)!;
  const role = ROLES.find((r) => r.code === persona.role)!;
  return {
    personId: persona.id,
    username: persona.username,
    personName: persona.personName,
    avatar: '',
    // As the server answers them: the seeded display name beside the code that decides.
    authorities: [{ code: role.code, roleName: role.roleName, pkRole: role.pkRole }],
    menuPerms: expandGrants(role.grants, knownPermissions(RESOURCES)),
    userStatus: persona.userStatus,
    personPosition: persona.positions.join(','),
    corps: [],
    corpId: persona.corps[0],
    corpName: persona.corps[0],
    sensitiveWhitelist: persona.sensitiveWhitelist,
  };
}

/** A user holding exactly these grants. */
export function userWith(menuPerms: string[], authorities: UserInfo['authorities'] = []): UserInfo {
  return { ...personaUser('op_handler'), menuPerms, authorities };
}

/** The hotline's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/hotline/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';
import { HOTLINE_DICTIONARIES } from './dictionaries';

const HOTLINE = resourceOf(PERMISSIONS.hotline);

export const catalogue: AreaCatalogue = {
  grants: {
    // Call authorisation: the call button still needs the sensitive-data whitelist (spec §6).
    [ROLE.OP_HANDLER]: [{ resources: [HOTLINE], actions: ['list', 'query', 'dial'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [HOTLINE], actions: READ_ACTIONS }],
  },
  dictionaries: HOTLINE_DICTIONARIES,
};

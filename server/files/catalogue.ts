/** Stored files' part of the reference data (server/db/seed-data/catalogue.ts): who may upload. */
import { PERMISSIONS } from '../../src/lib/permissions';
import { ROLE } from '../../src/lib/codes';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const UPLOAD = [{ permissions: [PERMISSIONS.file.upload] }];

export const catalogue: AreaCatalogue = { grants: { [ROLE.OP_HANDLER]: UPLOAD, [ROLE.OP_DIRECTOR]: UPLOAD } };

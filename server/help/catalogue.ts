/** Help's part of the reference data (server/db/seed-data/catalogue.ts): its menu entries are its resources' own. */
import type { AreaCatalogue } from '../db/seed-data/catalogue';
import { HELP_DICTIONARIES } from './dictionaries';

export const catalogue: AreaCatalogue = { dictionaries: HELP_DICTIONARIES };

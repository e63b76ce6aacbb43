/** The doc-review area (document review): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { docReviewRoutes } from './routes';
import { seedDocReviews } from './seed';

export const area: ServerArea = {
  name: 'doc-review',
  routes: [docReviewRoutes],
  demo: { seed: seedDocReviews },
};

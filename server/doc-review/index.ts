/** The doc-review area (document review): what the server registers of it (server/areas.ts). */
import type { ServerArea } from '../areas';
import { docReviewRoutes } from './routes';
import { seedDocReviews } from './seed';

export const area: ServerArea = {
  name: 'doc-review',
  routes: [docReviewRoutes],
  demo: { seed: seedDocReviews },
};

// What other areas use of this one: its face (issue 39; eslint's server boundary).
export { demoPdf, demoPng } from './demo-files';
export { listMaterials } from './materials';
export { ownDocReview } from './routes';

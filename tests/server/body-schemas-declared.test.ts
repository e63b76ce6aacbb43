/**
 * One way to check input (issue 39 item 3): every /api/web route whose handler reads its body declares
 * the body's zod schema (route()'s `body`), so the guard checks it before the handler and the handler's
 * type comes from it. The routes below read a body without one, each for a reason it states.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { declaredRoutes } from '../../server/audit/declared-routes';
import { sharedServer } from './server';

/** Reading their bodies themselves, on purpose. */
const UNCHECKED: Readonly<Record<string, string>> = {
  // Spec 5.2 answers an incomplete signing scope with code 1 (传入参数不完整), not VALIDATION_FAILED.
  'POST /op/v1/authentication/signature/sms/apply': 'spec 5.2',
  'POST /op/v1/authentication/signature/sms/verify': 'spec 5.2',
};

beforeAll(async () => {
  // Building the app declares every route.
  await sharedServer();
}, 180_000);

describe('route bodies', () => {
  it('every route that reads its body declares its schema, but the few that say why not', () => {
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(300);
    // A test file's own routes (its seams) are declared in the same worker: only the product's are held here.
    const product = routes.filter((r) => !r.path.startsWith('/test/') && !r.path.startsWith('/op/v1/workflow/test/'));
    const unchecked = product.filter((r) => r.readsBody && !r.checksBody).map((r) => `${r.method} ${r.path}`);
    expect(unchecked.sort()).toEqual(Object.keys(UNCHECKED).sort());
  });

  it('most routes declare one', () => {
    const routes = declaredRoutes();
    expect(routes.filter((r) => r.checksBody).length).toBeGreaterThan(routes.length / 2);
  });
});

/**
 * Shared end-to-end fixtures: one real server per worker over a fresh data folder, and a page that
 * records every request and fails the test when anything leaves for another host.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startServer, type RunningServer } from './server';

export const PERSONAS = {
  op_admin: 'Admin@2026!',
  op_handler: 'Handler@2026!',
  op_director: 'Director@2026!',
  op_director2: 'Director2@2026!',
  op_auditor: 'Auditor@2026!',
  op_agent: 'Agent@2026!',
  op_newbie: 'Newbie@2026!',
} as const;

export type Persona = keyof typeof PERSONAS;

// The browser's own pages (its PDF viewer opens a served PDF with chrome-extension:// and chrome:// parts) leave for no host.
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:', 'chrome:', 'chrome-extension:']);

export const test = base.extend<{ requestLog: string[] }, { server: RunningServer }>({
  server: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const server = await startServer(`shared-${workerInfo.workerIndex}`);
      await use(server);
      await server.stop();
    },
    // The first worker of a run may build the seeded data folder (support/server.ts): minutes on a busy machine.
    { scope: 'worker', timeout: 240_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  requestLog: async ({ context, server }, use) => {
    const log: string[] = [];
    context.on('request', (request) => log.push(request.url()));
    await use(log);
    const origin = new URL(server.url).origin;
    const foreign = log.filter((url) => {
      const parsed = new URL(url);
      return !LOCAL_SCHEMES.has(parsed.protocol) && parsed.origin !== origin;
    });
    expect(foreign, 'requests to hosts other than the app').toEqual([]);
  },
  page: async ({ page, requestLog }, use) => {
    void requestLog;
    await use(page);
  },
});

export { expect };

export async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.goto('/login/op');
  await page.getByLabel('用户名').fill(username);
  await page.getByLabel('密码', { exact: true }).fill(password);
  await page.getByRole('button', { name: /登\s*录/ }).click();
}

/** What bench:web, bench:profile and bench:journeys share: signing a persona in through the real login form, and medians. */
import type { Page } from 'puppeteer-core';
import { PERSONAS } from '../tests/e2e/support/fixtures';

export async function signIn(page: Page, baseUrl: string, persona: keyof typeof PERSONAS = 'op_admin'): Promise<void> {
  await page.goto(`${baseUrl}/login/op`, { waitUntil: 'networkidle0' });
  await page.type('#username', persona);
  await page.type('#password', PERSONAS[persona]);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  await page.waitForSelector('[data-testid="welcome"]');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

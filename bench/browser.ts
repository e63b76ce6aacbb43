/** What bench:web, bench:profile and bench:journeys share: signing a persona in through the real login form, and medians. */
import type { Page } from 'puppeteer-core';
import { PERSONAS } from '../tests/e2e/support/fixtures';
import { dataOf, signInAs } from '../tests/server/client';

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

/** The id of the persona's first to-do task, for a journey that opens a task page (the demo world seeds changes waiting at op_handler's steps). */
export async function firstTodoTask(baseUrl: string, persona: keyof typeof PERSONAS): Promise<string> {
  const client = await signInAs(baseUrl, persona);
  const todo = await dataOf<{ records: Array<{ id: string }> }>(client, '/op/v1/workflow/tasks/todo/page', { pageNum: 1, pageSize: 1 });
  if (!todo.records[0]) throw new Error(`the demo world left ${persona} no task to open`);
  return todo.records[0].id;
}

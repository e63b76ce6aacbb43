/**
 * Issue 37's smaller items re-walked at 1,366 and 1,440 px, as op_handler meets them: the asset
 * package's 入池白条 shows each note's amount inside its card (it was hidden past the card's edge),
 * and the long form labels (统一社会信用代码, 法定代表人身份证号, 单笔最低金额（元）) are whole, not cut
 * with an ellipsis; a split note's 持有人链 goes on to its split and its 拆分树 opens unfolded, its
 * children in view. Each check fails if the text leaves its box or a part stays folded.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { dataOf, signInAs as apiSignIn } from '../server/client';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

const FIRST_LOAD = { timeout: 30_000 };
const WIDTHS = [1366, 1440] as const;
const MONEY = /^\d{1,3}(,\d{3})*\.\d{2}$/;

async function asHandler(page: Page): Promise<void> {
  await signIn(page, 'op_handler', PERSONAS.op_handler);
  await expect(page.getByTestId('welcome')).toBeVisible(FIRST_LOAD);
}

/** Every label of the form is shown whole: its text does not overflow the label's box. */
async function labelsWhole(form: Locator, expected: readonly string[]): Promise<void> {
  const labels = form.locator('.ant-form-item-label > label');
  // The e2e tsconfig has no DOM library: the element's box is read through the shape it has in the browser.
  type Box = { textContent: string | null; scrollWidth: number; clientWidth: number };
  const shown = await labels.evaluateAll((elements) =>
    (elements as unknown as Box[]).map((element) => ({ text: (element.textContent ?? '').trim(), cut: element.scrollWidth > element.clientWidth + 1 })),
  );
  for (const label of expected) expect(shown.map((s) => s.text)).toContain(label);
  expect(shown.filter((s) => s.cut).map((s) => s.text)).toEqual([]);
}

test.describe('issue 37, the smaller items', () => {
  test.describe.configure({ timeout: 240_000 });

  test("the package's 入池白条 shows each note's amount within its card", async ({ page }) => {
    await asHandler(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/op/abs/assets/assets-manage');
      await page.getByTestId('abs-packages').locator('tbody tr.ant-table-row').filter({ hasText: '第一期' }).click();
      const pool = page.getByTestId('abs-pool');
      const first = pool.locator('tbody tr.ant-table-row').first();
      await expect(first).toBeVisible(FIRST_LOAD);
      const amount = first.locator('td').filter({ hasText: MONEY }).first();
      await expect(amount).toBeVisible();
      const [cell, card] = [(await amount.boundingBox())!, (await pool.boundingBox())!];
      expect(cell.x + cell.width, `the amount at ${width} px`).toBeLessThanOrEqual(card.x + card.width);
      expect(cell.x + cell.width, `the amount at ${width} px`).toBeLessThanOrEqual(width);
      // The holder too: at 1,366 and 1,440 px the card takes the page's width, so no column waits behind a scroll.
      const headers = await pool.locator('thead th').allTextContents();
      const holder = first.locator('td').nth(headers.findIndex((text) => text.trim() === '持有人'));
      const holderBox = (await holder.boundingBox())!;
      expect(holderBox.x + holderBox.width, `the holder at ${width} px`).toBeLessThanOrEqual(card.x + card.width);
      await page.screenshot({ path: join(ARTIFACTS, `smaller-pool-${width}.png`), fullPage: true });
    }
  });

  test("a split note's 持有人链 goes on to its split and its 拆分树 opens unfolded", async ({ page, server }) => {
    // The living demo splits an issued note (server/credit-notes/demo-seed.ts): the parent is 已拆分.
    const api = await apiSignIn(server.url, 'op_handler');
    const [parent] = (await dataOf<{ records: Array<{ id: string; noteNo: string }> }>(api, '/op/v1/credit-notes/notes/page', { status: 'SPLIT' })).records;
    expect(parent).toBeDefined();
    await asHandler(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/op/issue/notes/detail?id=${parent.id}`);
      const chain = page.locator('.ant-card').filter({ hasText: '持有人链' });
      // Issued, then its split: the part transferred and the part the holder keeps.
      const holds = chain.locator('.ant-timeline-item');
      await expect(holds).toHaveCount(3, FIRST_LOAD);
      await expect(holds.nth(0)).toContainText('签发');
      await expect(holds.nth(1)).toContainText('拆分转让');
      await expect(holds.nth(2)).toContainText('拆分留存');
      const tree = page.locator('.ant-card').filter({ hasText: '拆分树' }).locator('.ant-tree');
      // The parent and its two parts, each in view (antd keeps one hidden node of its own for measuring).
      const nodes = tree.locator('.ant-tree-treenode:not([aria-hidden="true"])');
      await expect(nodes).toHaveCount(3);
      await expect(tree.locator('.ant-tree-switcher_close')).toHaveCount(0);
      for (const node of await nodes.all()) await expect(node).toBeVisible();
      await expect(nodes.nth(1)).toContainText('-1');
      await expect(nodes.nth(2)).toContainText('-2');
      await page.screenshot({ path: join(ARTIFACTS, `smaller-split-note-${width}.png`), fullPage: true });
    }
  });

  test('long form labels are whole in 企业管理 新增 and a product form', async ({ page }) => {
    await asHandler(page);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/op/group/corporation');
      await page
        .getByTestId('corporations-list')
        .getByRole('button', { name: /新\s*增/ })
        .click();
      const corp = page.getByRole('dialog');
      await expect(corp.getByLabel('统一社会信用代码')).toBeVisible(FIRST_LOAD);
      await labelsWhole(corp, ['统一社会信用代码', '法定代表人身份证号']);
      await page.screenshot({ path: join(ARTIFACTS, `smaller-corp-form-${width}.png`) });
      await corp.getByRole('button', { name: /取\s*消/ }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);

      await page.goto('/op/product/products');
      await page
        .getByRole('button', { name: /新\s*增/ })
        .first()
        .click();
      const product = page.getByRole('dialog');
      await expect(product.getByLabel('产品编号')).toBeVisible(FIRST_LOAD);
      await labelsWhole(product, ['单笔最低金额（元）']);
      await page.screenshot({ path: join(ARTIFACTS, `smaller-product-form-${width}.png`) });
      await product.getByRole('button', { name: /取\s*消/ }).click();
    }
  });
});

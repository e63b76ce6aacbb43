/**
 * Issue 37's smaller items re-walked at 1,366 and 1,440 px, as op_handler meets them: the asset
 * package's 入池白条 shows each note's amount inside its card (it was hidden past the card's edge),
 * and the long form labels (统一社会信用代码, 法定代表人身份证号, 单笔最低金额（元）) are whole, not cut
 * with an ellipsis. Each check fails if the text leaves its box.
 */
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
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
      await page.screenshot({ path: join(ARTIFACTS, `smaller-pool-${width}.png`), fullPage: true });
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

/**
 * Every declared resource, as the auditor sees it in the browser (issue 25): its list page opens with
 * no 403 and shows no write button (新增, 修改, 删除 or any declared row action) and 导出 only where its role holds the export, the server
 * refusing those calls being tests/server/resources.test.ts. The resources come from the registry,
 * so a resource declared tomorrow is visited with no edit here. One context, one sign-in.
 */
import { join } from 'node:path';
import { translate } from '../../server/i18n';
import { ROLES } from '../../server/db/seed-data/personas';
import { RESOURCES } from '../../server/resources/registry';
import { ROLE } from '../../src/lib/codes';
import { ruleGrants } from '../../src/lib/grants';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS } from './support/server';

/** A button's accessible name ends with its label (after its icon's name), antd spacing two characters. */
const buttonName = (label: string) => new RegExp(`(^|\\s)${[...label].join('\\s*')}$`);
/** The kit's write buttons. */
const WRITE_BUTTONS = ['新增', '修改', '删除'].map(buttonName);
const EXPORT = buttonName('导出');
/** The auditor's grants: an export it holds (the operation log's, an audit's evidence) is shown. */
const AUDITOR_GRANTS = ROLES.find((r) => r.code === ROLE.OP_AUDITOR)!.grants;
const auditorHolds = (permission: string) => AUDITOR_GRANTS !== 'all' && AUDITOR_GRANTS.some((rule) => ruleGrants(rule, permission));

test('the auditor opens every resource list without a 403 and sees no write button', async ({ page }) => {
  test.setTimeout(240_000);
  const listed = RESOURCES.filter((r) => r.menu);
  expect(listed.length).toBeGreaterThan(0);
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/web/') && response.status() === 403) refused.push(`${response.status()} ${response.url()}`);
  });
  await signIn(page, 'op_auditor', PERSONAS.op_auditor);
  await expect(page.getByTestId('welcome')).toBeVisible();

  for (const resource of listed) {
    const pageCall = page.waitForResponse((r) => r.url().includes(`${resource.apiBase}/page`), { timeout: 30_000 });
    await page.goto(resource.menu!.path);
    const answer = await pageCall;
    expect({ resource: resource.name, status: answer.status() }).toEqual({ resource: resource.name, status: 200 });
    // The list shown: the pages of the tags the shell restored stay mounted, hidden, and may render first.
    await expect(page.locator('.ant-table:visible').first(), resource.name).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('您暂无权限操作此页面！')).toHaveCount(0);
    const actionLabels = Object.values(resource.actions ?? {}).map((action) => translate(action.label));
    for (const name of [...WRITE_BUTTONS, ...actionLabels.map(buttonName)]) {
      await expect(page.getByRole('button', { name }), `${resource.name}: ${String(name)}`).toHaveCount(0);
    }
    const exportGranted = resource.permissions.export !== undefined && auditorHolds(resource.permissions.export);
    await expect(page.getByRole('button', { name: EXPORT }), `${resource.name}: 导出`).toHaveCount(exportGranted ? 1 : 0);
  }
  expect(refused).toEqual([]);
  await page.goto(listed[0].menu!.path);
  await page.waitForLoadState('networkidle');
  await page.screenshot({ path: join(ARTIFACTS, 'auditor-resources.png') });
});

/**
 * Action buttons follow permissions everywhere (issue 38 item 7): op_auditor walks every page the menu
 * grants him (the granted menu tree through the app's own route builder: no hand list of pages) and no
 * page offers him a button that writes. The auditor's roles grant reading, exporting and running the
 * audit rules; every other action (create, edit, delete, submit, approve, dispatch, upload, sign…) is
 * one he may not take, so a button saying it is a defect, whatever its page. A page whose button is
 * only hidden is not the check: the server refuses the call as well (tests/server/endpoints.test.ts).
 */
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { grantedPages, navigate, quietAfterRequests } from './support/menu-walk';

/** The words of an action that changes something: on a button, an action the auditor may not take. */
const WRITE_WORDS =
  /新增|新建|添加|修改|编辑|删除|保存|提交|下发|审核|通过|驳回|撤回|上传|停用|启用|解锁|重置密码|签发|拆分|登记|认领|发起|作废|冻结|解冻|强制下线|强退|导入|生成|确认|付款|回收|锁定|发行|复制新增/;

/** The visible, enabled buttons' texts of the page's content (the shell's own header and tabs left out). */
const BUTTONS = `(() => {
  const visible = (element) => element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true });
  const content = document.querySelector('main, .ant-layout-content') || document.body;
  return [...content.querySelectorAll('button, a.ant-btn, [role="button"]')]
    .filter((element) => visible(element) && !element.disabled && element.getAttribute('aria-disabled') !== 'true')
    .map((element) => (element.textContent || element.getAttribute('aria-label') || '').replace(/\\s+/g, ''))
    .filter(Boolean);
})()`;

test.describe('the auditor is offered no write (issue 38 item 7)', () => {
  test.describe.configure({ timeout: 600_000 });

  test('op_auditor walks every granted page and finds no button whose action he may not take', async ({ page, server }) => {
    const pages = await grantedPages(server.url, 'op_auditor');
    expect(pages.length).toBeGreaterThan(10);
    const settled = quietAfterRequests(page);
    await signIn(page, 'op_auditor', PERSONAS.op_auditor);
    await expect(page.getByTestId('welcome')).toBeVisible({ timeout: 60_000 });
    const offered: string[] = [];
    for (const path of pages) {
      await navigate(page, path);
      await settled();
      const texts = await page.evaluate<string[]>(BUTTONS);
      for (const text of texts) if (WRITE_WORDS.test(text)) offered.push(`${path}: ${text}`);
    }
    expect(offered).toEqual([]);
  });
});

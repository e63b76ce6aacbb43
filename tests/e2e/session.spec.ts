import { PGlite } from '@electric-sql/pglite';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { expect, PERSONAS, signIn, test } from './support/fixtures';
import { ARTIFACTS, ROOT, startServer } from './support/server';

test.describe('operator session, login to logout (spec 4.1)', () => {
  test('op_admin signs in, lands on /op with the tokens gone from the address bar, sees their name, signs out', async ({ page }) => {
    await page.goto('/login/op');
    // The page paints before its form arrives: the screenshot waits for the form.
    await expect(page.getByLabel('用户名')).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: join(ARTIFACTS, 'login.png') });
    await signIn(page, 'op_admin', PERSONAS.op_admin);
    await expect(page).toHaveURL(/\/op$/);
    expect(page.url()).not.toContain('authToken');
    await expect(page.getByTestId('person-name')).toHaveText('系统管理员');
    await expect(page.getByTestId('welcome')).toContainText('系统管理员');
    await expect(page.getByRole('link', { name: /进入数据驾驶舱/ })).toBeVisible();
    const cookies = await page.context().cookies();
    expect(cookies.find((c) => c.name === 'Admin-Token')?.value).toBeTruthy();
    expect(cookies.find((c) => c.name === 'XSRF-TOKEN')?.value).toBeTruthy();
    await page.screenshot({ path: join(ARTIFACTS, 'home-admin.png') });

    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('提示');
    await expect(dialog).toContainText('确定注销并退出系统吗？');
    await dialog.getByRole('button', { name: /确\s*定/ }).click();
    await expect(page).toHaveURL(/\/login\/op$/);
    const after = await page.context().cookies();
    expect(after.find((c) => c.name === 'Admin-Token')).toBeUndefined();

    // The old session is over: going back to /op asks for a login again.
    await page.goto('/op');
    await expect(page).toHaveURL(/\/login\/op$/);
  });

  test('a wrong password shows the server message and stays on the login page', async ({ page }) => {
    await signIn(page, 'op_admin', 'Wrong@2026!');
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await expect(page).toHaveURL(/\/login\/op$/);
    await page.screenshot({ path: join(ARTIFACTS, 'login-failed.png') });
  });

  test('the login form asks for both fields before sending anything', async ({ page, requestLog }) => {
    await page.goto('/login/op');
    const before = requestLog.filter((u) => u.includes('/uaa/login')).length;
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await expect(page.getByText('请输入用户名', { exact: true }).last()).toBeVisible();
    await expect(page.getByText('请输入密码', { exact: true }).last()).toBeVisible();
    expect(requestLog.filter((u) => u.includes('/uaa/login')).length).toBe(before);
  });

  test('cancelling the forced password change logs op_newbie out', async ({ page }) => {
    await signIn(page, 'op_newbie', PERSONAS.op_newbie);
    const modal = page.getByRole('dialog').filter({ hasText: '首次登录请修改密码' });
    await expect(modal).toBeVisible();
    await modal.getByRole('button', { name: /取\s*消/ }).click();
    await expect(page).toHaveURL(/\/login\/op$/);
    await page.goto('/op');
    await expect(page).toHaveURL(/\/login\/op$/);
  });

  test('op_newbie must change the password at first login, then signs in with the new one', async ({ page }) => {
    await signIn(page, 'op_newbie', PERSONAS.op_newbie);
    const modal = page.getByRole('dialog').filter({ hasText: '首次登录请修改密码' });
    await expect(modal).toBeVisible();
    await page.screenshot({ path: join(ARTIFACTS, 'forced-password.png') });

    // The spec 5.1 rules, verbatim, before anything is sent.
    await modal.getByLabel('旧密码').fill(PERSONAS.op_newbie);
    await modal.getByLabel('新密码', { exact: true }).fill(PERSONAS.op_newbie);
    await modal.getByLabel('重复新密码').fill('x');
    await modal.getByRole('button', { name: '确认修改' }).click();
    await expect(modal.getByText('新密码不能与旧密码相同')).toBeVisible();
    await expect(modal.getByText('重复新密码与新密码不同')).toBeVisible();
    await modal.getByLabel('新密码', { exact: true }).fill('weakpassword');
    await expect(modal.getByText('请输入8至20位的数字、大小写字母及特殊字符4种类型字符的组合')).toBeVisible();

    const next = 'Fresh@2026#ok';
    await modal.getByLabel('新密码', { exact: true }).fill(next);
    await modal.getByLabel('重复新密码').fill(next);
    await modal.getByRole('button', { name: '确认修改' }).click();
    const done = page.getByRole('dialog').filter({ hasText: '密码修改成功，请使用新密码重新登录' });
    await expect(done).toBeVisible();
    await done.getByRole('button').click();
    await expect(page).toHaveURL(/\/login\/op$/);

    await signIn(page, 'op_newbie', PERSONAS.op_newbie);
    await expect(page.getByRole('alert')).toContainText('用户名或密码错误');
    await signIn(page, 'op_newbie', next);
    await expect(page).toHaveURL(/\/op$/);
    await expect(page.getByTestId('person-name')).toBeVisible();
    await expect(page.getByRole('dialog').filter({ hasText: '首次登录请修改密码' })).toHaveCount(0);
  });

  test('public routes pass without login; unknown paths go to /403', async ({ page }) => {
    for (const [path, text] of [
      ['/bind', '账号绑定'],
      ['/register', '账号注册'],
      ['/404', '404'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await page.goto('/no/such/page');
    await expect(page).toHaveURL(/\/403$/);
  });
});

test('a stale session (server restarted with the session deleted) returns the browser to the login page', async ({ browser }) => {
  test.setTimeout(180_000); // two server starts on a busy two-core machine, beside the other worker
  // Named after the worker: a retry (another worker) never shares its data folder with an earlier attempt.
  const name = `stale-session-${test.info().workerIndex}`;
  const server = await startServer(name);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await signIn(page, 'op_admin', PERSONAS.op_admin);
    await expect(page.getByTestId('person-name')).toHaveText('系统管理员');
    await server.stop();

    const db = new PGlite(join(server.dataDir, 'pglite'));
    await db.exec('DELETE FROM sessions');
    await db.close();

    const restarted = await startServer(name, { dataDir: server.dataDir, fresh: false, port: Number(new URL(server.url).port) });
    try {
      await page.reload();
      await expect(page).toHaveURL(/\/login\/op$/);
    } finally {
      await restarted.stop();
    }
  } finally {
    await context.close();
    await server.stop();
  }
});

test('a session survives a server restart when it was not deleted', async ({ browser }) => {
  test.setTimeout(180_000); // two server starts on a busy two-core machine, beside the other worker
  const name = `restart-keeps-session-${test.info().workerIndex}`;
  const server = await startServer(name);
  const context = await browser.newContext({ baseURL: server.url });
  const page = await context.newPage();
  try {
    await signIn(page, 'op_auditor', PERSONAS.op_auditor);
    await expect(page.getByTestId('person-name')).toBeVisible();
    await server.stop();
    const restarted = await startServer(name, { dataDir: server.dataDir, fresh: false, port: Number(new URL(server.url).port) });
    try {
      await page.reload();
      await expect(page).toHaveURL(/\/op$/);
      await expect(page.getByTestId('person-name')).toBeVisible();
    } finally {
      await restarted.stop();
    }
  } finally {
    await context.close();
    await server.stop();
  }
});

test('the server sends the prebuilt compressed scripts', async ({ page }) => {
  const encodings = new Map<string, string | undefined>();
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) encodings.set(new URL(response.url()).pathname, response.headers()['content-encoding']);
  });
  await page.goto('/login/op');
  await expect(page.getByLabel('用户名')).toBeVisible();
  const precompressed = [...encodings.keys()].filter((path) => existsSync(join(ROOT, 'dist', `${path}.br`)));
  expect(precompressed.length).toBeGreaterThan(0);
  for (const path of precompressed) expect(encodings.get(path), path).toMatch(/^(br|gzip)$/);
});

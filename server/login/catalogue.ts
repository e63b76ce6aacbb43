/** Sign-in's part of the reference data (server/db/seed-data/catalogue.ts): the login log's statuses. */
import type { AreaCatalogue } from '../db/seed-data/catalogue';

export const catalogue: AreaCatalogue = {
  dictionaries: [
    // How a sign-in ended (sys_login_logs.status, src/lib/login-protection.ts).
    {
      dictType: 'sys_login_status',
      dictName: '登录结果',
      items: [
        ['SUCCESS', '登录成功', 'success'],
        ['FAILURE', '密码错误', 'warning'],
        ['LOCK', '锁定账户', 'error'],
        ['LOCKED', '锁定中拒绝', 'error'],
      ],
    },
  ],
};

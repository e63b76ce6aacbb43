/**
 * <HasPermi value={[...]}> and <HasRole value={[...]}> (spec §6): what the signed-in user may not
 * see is not rendered at all, and follows every user-info refresh. An empty value list is a
 * developer error and throws 请设置操作权限标签值 / 请设置角色权限标签值 (spec §8).
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AccessRuleError, hasAnyPermission, hasAnyRole } from '../../lib/access';
import { useUserInfo } from '../../providers/user';

interface Props {
  value: readonly string[];
  children: ReactNode;
}

/** Runs a rule, turning its empty-list error into the catalogue's words. */
function useRule(check: () => boolean): boolean {
  const { t } = useTranslation();
  try {
    return check();
  } catch (error) {
    if (error instanceof AccessRuleError) throw new Error(t(error.messageKey));
    throw error;
  }
}

export function HasPermi({ value, children }: Props) {
  const user = useUserInfo();
  const allowed = useRule(() => hasAnyPermission(user?.menuPerms ?? [], value));
  return allowed && user ? children : null;
}

export function HasRole({ value, children }: Props) {
  const user = useUserInfo();
  const allowed = useRule(() => hasAnyRole(user?.authorities ?? [], value));
  return allowed && user ? children : null;
}

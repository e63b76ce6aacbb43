import { useEffect } from 'react';
import { getLoginUrl } from '../providers/session';
import { FullScreenLoading } from './FullScreenLoading';

/**
 * Leaves for the stored login URL with a full navigation: the login page may belong to a separate
 * login system, and nothing of the old session should stay in memory.
 */
export function GoToLogin() {
  useEffect(() => {
    window.location.replace(getLoginUrl());
  }, []);
  return <FullScreenLoading />;
}

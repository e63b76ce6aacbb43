import { useEffect } from 'react';
import { USER_REFRESH_INTERVAL_MS } from '../protocol';
import { loadUserInfo, needsPeriodicRefresh, useUserInfo } from './user';

/** Platform-agent operators get their user info refreshed every 10 minutes (spec 4.1.6). */
export function useUserRefresh(): void {
  const user = useUserInfo();
  const periodic = needsPeriodicRefresh(user);
  useEffect(() => {
    if (!periodic) return;
    const timer = window.setInterval(() => void loadUserInfo({ background: true }).catch(() => undefined), USER_REFRESH_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [periodic]);
}

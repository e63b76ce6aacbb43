import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { cancelRequestsNotFrom } from '../providers/http';

/**
 * Every route change cancels the requests still in flight (spec 2.1). Scrolling is left to the
 * shell: a new page starts at the top, a page kept in its tag returns where it was.
 */
export function CancelOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    cancelRequestsNotFrom(pathname);
  }, [pathname]);
  return null;
}

import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { cancelRequestsNotFrom } from '../providers/http';

/** Every route change cancels the requests still in flight (spec 2.1) and scrolls to the top. */
export function CancelOnNavigate() {
  const { pathname } = useLocation();
  useEffect(() => {
    cancelRequestsNotFrom(pathname);
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

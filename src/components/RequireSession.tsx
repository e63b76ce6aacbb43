import { useIsAuthenticated } from '@refinedev/core';
import type { ReactNode } from 'react';
import { FullScreenLoading } from './FullScreenLoading';
import { GoToLogin } from './GoToLogin';

/**
 * The guard of the signed-in shell. Refine's <Authenticated> shows its loading content whenever the
 * auth check refetches (a window regaining focus does that), which would unmount the shell and every
 * page kept in its tags; this guard waits only for the first answer, and leaves for the login page
 * as soon as any answer says the session is over.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { data, isPending } = useIsAuthenticated();
  if (isPending) return <FullScreenLoading />;
  if (!data?.authenticated) return <GoToLogin />;
  return children;
}

import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { needsSignIn, signInPath } from '@client/lib/next-path';

/** A signed-out visit to a signed-in screen goes to /auth?next=<that screen>; any other path shows `fallback`. */
export function SignInRedirect({ fallback }: { fallback: ReactNode }) {
  const location = useLocation();
  if (needsSignIn(location.pathname)) return <Navigate to={signInPath(location.pathname, location.search)} replace />;
  return <>{fallback}</>;
}

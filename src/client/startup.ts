import type { QueryClient } from '@tanstack/react-query';
import type { CurrentUser } from '@shared/auth';
import { hasSessionHint } from '@shared/session';
import { isAdmin, isApprover, readSession } from './lib/auth';
import { qk } from './lib/queryKeys';
import { pendingApprovalsQuery } from './features/approvals/pending';
import { prefetchDashboard } from './features/dashboard/queries';
import { expenseListQuery, initialListParams } from './features/expenses/queries';

type Prefetch = (client: QueryClient, user: CurrentUser) => void;

/**
 * Screens whose code (the same modules App.tsx loads lazily) and first data are asked for as the page starts. The
 * reads are small modules kept in the entry, so they go out as soon as the session answers, without waiting for the
 * screen's code. Any other path still gets the session and the shell early; its screen loads when it renders.
 */
const SCREENS: Record<string, { screen: () => Promise<unknown>; data?: Prefetch }> = {
  '/': {
    screen: () => import('./features/dashboard/DashboardPage'),
    data: (client, user) => {
      if (user.currentCompanyId && !user.isSuperAdmin) prefetchDashboard(client);
    },
  },
  '/expenses': {
    screen: () => import('./features/expenses/ExpensesPage'),
    data: (client, user) => {
      if (user.currentCompanyId) void client.prefetchQuery(expenseListQuery(initialListParams(isAdmin(user))));
    },
  },
  '/approvals': {
    screen: () => import('./features/approvals/ApprovalsPage'),
    data: (client, user) => {
      if (isApprover(user) && user.currentCompanyId) void client.prefetchQuery(pendingApprovalsQuery);
    },
  },
  '/new-expense': { screen: () => import('./features/new-expense/NewExpensePage') },
  '/company': { screen: () => import('./features/company/CompanyPage') },
  '/settings': { screen: () => import('./features/settings/SettingsPage') },
  '/subscription': { screen: () => import('./features/billing/SubscriptionPage') },
  '/super-admin': { screen: () => import('./features/super-admin/SuperAdminPage') },
};

/**
 * First load of a signed-in screen (issue 16 item 11). Without this the page waited in turns: the script, then the
 * session, then the shell's code, then the screen's code, then its data. A browser with the session hint cookie asks
 * for the session, the shell and the current screen's code at once, and for the screen's data as soon as the session
 * says who is reading; React then finds all of it in flight or done. A visitor (no hint) asks for nothing.
 */
export function startSignedInLoad(client: QueryClient): void {
  if (typeof document === 'undefined' || !hasSessionHint(document.cookie)) return;
  // index.html's inline script has asked for the session already (a preload this fetch takes over).
  const session = client.fetchQuery({ queryKey: qk.currentUser, queryFn: readSession });
  const route = SCREENS[location.pathname];
  const ignore = () => {};
  import('./features/shell/AppShell').catch(ignore);
  route?.screen().catch(ignore);
  session.then((user) => user && route?.data?.(client, user), ignore);
}

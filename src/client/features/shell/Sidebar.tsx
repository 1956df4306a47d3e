import { Loader2, LogOut, Receipt } from 'lucide-react';
import { NavLink } from 'react-router';
import type { CurrentUser } from '@shared/auth';
import { planLabel } from '@shared/plans';
import { cn } from '@client/lib/utils';
import { CompanySwitcher } from './CompanySwitcher';
import { displayName, visibleNavItems } from './nav';
import { useLogout, usePendingApprovalsCount } from './queries';
import { UserAvatar } from '@client/components/ui/user-avatar';

export function Brand() {
  return (
    <span className="flex items-center gap-2 text-lg font-bold tracking-tight">
      <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Receipt className="h-4 w-4" aria-hidden />
      </span>
      Rendix
    </span>
  );
}

/** Red count of expenses waiting for approval; nothing when zero. */
export function PendingBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null;
  return (
    <span
      className={cn('inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs font-semibold leading-5 text-white', className)}
      aria-label={`${count} pendientes`}
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/**
 * What the sidebar holds, shared by the fixed desktop column and the mobile drawer:
 * company switcher, role-filtered navigation, and the user with 'Salir'.
 */
export function SidebarContent({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const pending = usePendingApprovalsCount(user);
  const { logout, isLoggingOut } = useLogout();
  const name = displayName(user) || user.email;

  return (
    <div className="flex h-full flex-col">
      <div className="space-y-4 border-b p-4">
        <div className="hidden lg:block">
          <Brand />
        </div>
        <CompanySwitcher user={user} onSwitched={onNavigate} />
      </div>

      <nav aria-label="Navegación principal" className="flex-1 overflow-y-auto p-3">
        <ul className="space-y-1">
          {visibleNavItems(user).map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end={item.to === '/'}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(
                    'flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                    isActive ? 'bg-accent text-primary' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                  )
                }
              >
                <item.icon className="h-4 w-4 shrink-0" aria-hidden />
                <span className="flex-1 truncate">{item.label}</span>
                {item.pendingBadge ? <PendingBadge count={pending} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="flex items-center gap-3 border-t p-4">
        <UserAvatar user={user} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium" title={name}>
            {name}
          </p>
          <p className="text-xs text-muted-foreground" data-testid="sidebar-plan">
            {planLabel(user.planId)}
            {user.subscriptionStatus === 'trial' ? ' (prueba)' : ''}
          </p>
        </div>
        <button
          type="button"
          onClick={logout}
          disabled={isLoggingOut}
          className="inline-flex items-center gap-1.5 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
        >
          {isLoggingOut ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden /> : <LogOut className="h-4 w-4" aria-hidden />}
          Salir
        </button>
      </div>
    </div>
  );
}

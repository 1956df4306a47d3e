import { ClipboardCheck, LayoutDashboard, Plus, ShieldCheck } from 'lucide-react';
import { NavLink } from 'react-router';
import type { CurrentUser } from '@shared/auth';
import { isApprover } from '@client/lib/auth';
import { cn } from '@client/lib/utils';
import { usePendingApprovalsCount } from './queries';
import { PendingBadge } from './Sidebar';

const tabClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex flex-col items-center justify-center gap-0.5 rounded-lg px-3 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
    isActive ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
  );

/**
 * Bottom bar below the lg breakpoint: Aprobaciones (admins; an empty cell otherwise keeps the
 * round button centred), a round 'Nueva Rendición' button and Dashboard; a super admin, who has no
 * Dashboard (part 2 §2.14), gets the super admin panel there.
 */
export function MobileBottomBar({ user }: { user: CurrentUser }) {
  const pending = usePendingApprovalsCount(user);
  return (
    <nav
      aria-label="Accesos rápidos"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <div className="mx-auto grid h-16 max-w-md grid-cols-3 items-center">
        <div className="flex justify-center">
          {isApprover(user) ? (
            <NavLink to="/approvals" className={tabClass}>
              <span className="relative">
                <ClipboardCheck className="h-5 w-5" aria-hidden />
                <PendingBadge count={pending} className="absolute -right-3 -top-2 min-w-4 px-1 text-[10px] leading-4" />
              </span>
              Aprobaciones
            </NavLink>
          ) : null}
        </div>
        <div className="flex justify-center">
          <NavLink
            to="/new-expense"
            aria-label="Nueva Rendición"
            className="-mt-8 flex h-14 w-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg ring-4 ring-background transition-transform hover:scale-105 focus-visible:outline-none focus-visible:ring-ring"
          >
            <Plus className="h-7 w-7" aria-hidden />
          </NavLink>
        </div>
        <div className="flex justify-center">
          {user.isSuperAdmin ? (
            <NavLink to="/super-admin" end className={tabClass}>
              <ShieldCheck className="h-5 w-5" aria-hidden />
              Panel
            </NavLink>
          ) : (
            <NavLink to="/" end className={tabClass}>
              <LayoutDashboard className="h-5 w-5" aria-hidden />
              Dashboard
            </NavLink>
          )}
        </div>
      </div>
    </nav>
  );
}

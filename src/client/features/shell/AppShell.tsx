import { useEffect, useRef, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { FullPageLoading } from '@client/components/ui/spinner';
import { useCurrentUser } from '@client/lib/auth';
import { MobileBottomBar } from './MobileBottomBar';
import { MobileDrawer } from './MobileDrawer';
import { SidebarContent } from './Sidebar';
import { SuperAdminViewBanner } from './SuperAdminViewBanner';
import { TopBar } from './TopBar';
import { VerifyEmailBanner } from './VerifyEmailBanner';
import './shell.css';

const DESKTOP = '(min-width: 1024px)';

/**
 * Layout of every signed-in screen (part 2 §2.14): fixed sidebar from lg up, a drawer below it,
 * the top bar, a scrolling main area and the mobile bottom bar.
 */
export function AppShell() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  // Growing past the breakpoint shows the fixed sidebar; a drawer left open would only trap focus.
  useEffect(() => {
    const mq = window.matchMedia(DESKTOP);
    const close = () => {
      if (mq.matches) setDrawerOpen(false);
    };
    mq.addEventListener('change', close);
    return () => mq.removeEventListener('change', close);
  }, []);

  // A new screen starts at the top of the scrolling area.
  useEffect(() => {
    document.getElementById('contenido')?.scrollTo({ top: 0 });
  }, [pathname]);

  if (!user) return <FullPageLoading />;

  return (
    <div className="flex h-[calc(100dvh-var(--offline-offset,0px))] overflow-hidden bg-background text-foreground">
      <a
        href="#contenido"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[60] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow-lg focus:ring-2 focus:ring-ring"
      >
        Saltar al contenido
      </a>

      <aside aria-label="Barra lateral" className="hidden w-72 shrink-0 border-r bg-card lg:block">
        <SidebarContent user={user} />
      </aside>

      <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} returnFocusRef={menuButtonRef}>
        <SidebarContent user={user} onNavigate={() => setDrawerOpen(false)} />
      </MobileDrawer>

      <div className="flex min-w-0 flex-1 flex-col">
        <TopBar user={user} menuButtonRef={menuButtonRef} onOpenMenu={() => setDrawerOpen(true)} />
        {user.viewingAsSuperAdmin ? <SuperAdminViewBanner companyName={user.currentCompanyName ?? ''} /> : null}
        {user.emailVerified ? null : <VerifyEmailBanner email={user.email} />}
        <main
          id="contenido"
          tabIndex={-1}
          className="flex-1 overflow-y-auto p-4 pb-[calc(6rem+env(safe-area-inset-bottom))] focus:outline-none sm:p-6 sm:pb-[calc(6rem+env(safe-area-inset-bottom))] lg:p-8 lg:pb-8"
        >
          <Outlet />
        </main>
      </div>

      <MobileBottomBar user={user} />
    </div>
  );
}

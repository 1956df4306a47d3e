import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { useLocation } from 'react-router';
import type { CurrentUser } from '@shared/auth';
import { titleFor } from '@client/routes';
import { UsageText } from './UsageText';
import { UserMenu } from './UserMenu';

/** Menu button (mobile), centred page title, plan usage and the user menu. */
interface TopBarProps {
  user: CurrentUser;
  onOpenMenu: () => void;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
}

export function TopBar({ user, onOpenMenu, menuButtonRef }: TopBarProps) {
  const { pathname } = useLocation();
  return (
    <header className="sticky top-0 z-30 grid h-16 shrink-0 grid-cols-[1fr_auto_1fr] items-center gap-2 border-b bg-card/95 px-3 backdrop-blur sm:px-6">
      <div className="flex items-center">
        <button
          ref={menuButtonRef}
          type="button"
          onClick={onOpenMenu}
          aria-haspopup="dialog"
          aria-label="Abrir menú de navegación"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring lg:hidden"
        >
          <Menu className="h-5 w-5" aria-hidden />
        </button>
      </div>
      <p className="truncate text-center text-base font-semibold sm:text-lg">{titleFor(pathname)}</p>
      <div className="flex items-center justify-end gap-3">
        <UsageText user={user} className="hidden text-right sm:inline" />
        <UserMenu user={user} />
      </div>
    </header>
  );
}

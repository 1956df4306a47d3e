import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, Landmark, LogOut, Moon, MonitorSmartphone, Settings } from 'lucide-react';
import { Link } from 'react-router';
import type { CurrentUser } from '@shared/auth';
import { Badge } from '@client/components/ui/badge';
import { MenuCheckboxItem, MenuContent, MenuItem, MenuLabel, MenuSeparator, SwitchLook } from './menu';
import { displayName } from './nav';
import { useLogout, useUpdatePreferences } from './queries';
import { UsageText } from './UsageText';
import { UserAvatar } from '@client/components/ui/user-avatar';

/** Avatar button opening the account menu of part 2 §2.14. */
export function UserMenu({ user }: { user: CurrentUser }) {
  const preferences = useUpdatePreferences();
  const { logout, isLoggingOut } = useLogout();
  const name = displayName(user);

  // Toggles keep the menu open so the user sees the change take effect.
  const keepOpen = (e: Event) => e.preventDefault();

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
        aria-label="Menú de usuario"
      >
        <UserAvatar user={user} />
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="w-72">
        <div className="flex items-start gap-3 px-2 py-2">
          <UserAvatar user={user} className="h-10 w-10" />
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-semibold">{name || user.email}</p>
            <p className="truncate text-xs text-muted-foreground">{user.email}</p>
            {user.isSuperAdmin ? (
              <Badge variant="destructive" className="mt-1">
                Super Admin
              </Badge>
            ) : null}
          </div>
        </div>
        {/* The top bar hides the usage line on narrow screens; it lives here instead. */}
        <div className="px-2 pb-2 sm:hidden">
          <UsageText user={user} />
        </div>
        <MenuSeparator />
        <MenuLabel>Preferencias</MenuLabel>
        <MenuCheckboxItem
          checked={user.darkMode}
          onCheckedChange={(checked) => preferences.mutate({ darkMode: checked })}
          onSelect={keepOpen}
        >
          <Moon aria-hidden />
          Modo oscuro
          <SwitchLook checked={user.darkMode} />
        </MenuCheckboxItem>
        <MenuCheckboxItem
          checked={user.emailNotifications}
          onCheckedChange={(checked) => preferences.mutate({ emailNotifications: checked })}
          onSelect={keepOpen}
        >
          <Bell aria-hidden />
          Notificaciones por email
          <SwitchLook checked={user.emailNotifications} />
        </MenuCheckboxItem>
        <MenuSeparator />
        <MenuItem disabled>
          <MonitorSmartphone aria-hidden />
          Sesiones Activas
          <span className="ml-auto text-xs text-muted-foreground">Próximamente</span>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/profile">
            <Landmark aria-hidden />
            Mi perfil y datos bancarios
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden />
            Configuración
          </Link>
        </MenuItem>
        <MenuSeparator />
        <MenuItem
          onSelect={(e) => {
            e.preventDefault();
            logout();
          }}
          disabled={isLoggingOut}
          className="text-red-600 data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/40"
        >
          <LogOut aria-hidden />
          Cerrar Sesión
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Building2, ChevronsUpDown, Loader2 } from 'lucide-react';
import type { CurrentUser } from '@shared/auth';
import { ROLE_LABELS } from '@shared/auth';
import { MenuContent, MenuLabel, MenuRadioItem } from './menu';
import { useCurrentCompanyName, useSwitchCompany } from './queries';
import { SuperAdminCompanySwitcher } from './SuperAdminCompanySwitcher';

function CompanyLabel({ name, hint }: { name: string; hint: string }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col text-left">
      <span className="text-xs text-muted-foreground">{hint}</span>
      <span className="truncate text-sm font-semibold">{name}</span>
    </span>
  );
}

/**
 * Top of the sidebar: the current company, and a list to change it when the user has more
 * than one (part 2 §2.14); a super admin searches every company of the platform instead.
 * `onSwitched` lets the mobile drawer close after a change.
 */
export function CompanySwitcher({ user, onSwitched }: { user: CurrentUser; onSwitched?: () => void }) {
  return user.isSuperAdmin ? <SuperAdminCompanySwitcher user={user} onSwitched={onSwitched} /> : <MemberCompanySwitcher user={user} onSwitched={onSwitched} />;
}

function MemberCompanySwitcher({ user, onSwitched }: { user: CurrentUser; onSwitched?: () => void }) {
  const { name, memberships, isLoading } = useCurrentCompanyName(user);
  const switchCompany = useSwitchCompany();
  const box = 'flex w-full items-center gap-3 rounded-lg border bg-background px-3 py-2';
  const icon = (
    <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-md bg-accent text-primary">
      <Building2 className="h-4 w-4" aria-hidden />
    </span>
  );

  if (isLoading) {
    return (
      <div className={box}>
        {icon}
        <CompanyLabel name="Cargando..." hint="Empresa" />
      </div>
    );
  }

  const canSwitch = memberships.length > 1 || (memberships.length === 1 && memberships[0].companyId !== user.currentCompanyId);
  if (!canSwitch) {
    return (
      <div className={box}>
        {icon}
        <CompanyLabel name={name ?? memberships[0]?.company.name ?? 'Sin empresa'} hint="Empresa" />
      </div>
    );
  }

  const choose = (companyId: string) => {
    if (companyId === user.currentCompanyId || switchCompany.isPending) return;
    switchCompany.mutate(companyId, { onSuccess: () => onSwitched?.() });
  };

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className={`${box} text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60`}
        disabled={switchCompany.isPending}
        aria-label={`Cambiar de empresa (actual: ${name ?? 'ninguna'})`}
      >
        {icon}
        <CompanyLabel name={name ?? 'Elegir empresa'} hint="Empresa" />
        {switchCompany.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin text-muted-foreground" aria-hidden />
        ) : (
          <ChevronsUpDown className="h-4 w-4 text-muted-foreground" aria-hidden />
        )}
      </DropdownMenu.Trigger>
      <MenuContent align="start" className="w-[var(--radix-dropdown-menu-trigger-width)]">
        <MenuLabel>Cambiar de empresa</MenuLabel>
        <DropdownMenu.RadioGroup value={user.currentCompanyId ?? ''} onValueChange={choose}>
          {memberships.map((m) => (
            <MenuRadioItem key={m.id} value={m.companyId}>
              <span className="flex min-w-0 flex-col">
                <span className="truncate">{m.company.name}</span>
                <span className="text-xs text-muted-foreground">{ROLE_LABELS[m.role] ?? m.role}</span>
              </span>
            </MenuRadioItem>
          ))}
        </DropdownMenu.RadioGroup>
      </MenuContent>
    </DropdownMenu.Root>
  );
}

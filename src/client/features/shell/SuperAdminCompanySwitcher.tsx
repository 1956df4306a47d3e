import * as Popover from '@radix-ui/react-popover';
import { Building2, Check, ChevronsUpDown, Loader2, Search, ShieldCheck } from 'lucide-react';
import { useEffect, useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import type { CurrentUser } from '@shared/auth';
import { ROLE_LABELS, type Role } from '@shared/auth';
import { cn } from '@client/lib/utils';
import { useCurrentCompanyName, useSwitchCompany, useSwitchableCompanies } from './queries';

interface Option {
  id: string;
  name: string;
  /** Domain and code of a company, or the role in one the super admin belongs to. */
  detail: string;
  role: Role | null;
}

/** The text once typing pauses, so the server is asked once per search rather than once per key. */
function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const id = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(id);
  }, [value, ms]);
  return debounced;
}

const companyDetail = (c: { domain: string | null; companyCode: string }) => [c.domain, `Código ${c.companyCode}`].filter(Boolean).join(' · ');

/**
 * The super admin's company switcher (issue 14 item 3): every company of the platform, searched on the server by
 * name, domain or code. With no search it lists the super admin's own companies, then the newest ones. Choosing a
 * company they do not belong to enters it as super admin (audited by the server) and opens its 'Empresa' page.
 * A combobox: arrows move, Enter chooses, Escape closes.
 */
export function SuperAdminCompanySwitcher({ user, onSwitched }: { user: CurrentUser; onSwitched?: () => void }) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const search = useDebounced(text.trim(), 250);
  const [activeId, setActiveId] = useState<string | null>(null);
  const listId = useId();
  const navigate = useNavigate();
  const { name, memberships } = useCurrentCompanyName(user);
  const companies = useSwitchableCompanies(search, open);
  const roleIn = new Map(memberships.map((m) => [m.companyId, m.role]));
  // Entering a customer's company opens its own screens, not the platform's.
  const switchCompany = useSwitchCompany((companyId) => {
    if (!roleIn.has(companyId)) void navigate('/company');
  });

  const mine: Option[] = search ? [] : memberships.map((m) => ({ id: m.companyId, name: m.company.name, detail: ROLE_LABELS[m.role], role: m.role }));
  const others: Option[] = (companies.data?.items ?? [])
    .filter((c) => search || !roleIn.has(c.id))
    .map((c) => {
      const role = roleIn.get(c.id) ?? null;
      return { id: c.id, name: c.name, detail: role ? `${ROLE_LABELS[role]} · ${companyDetail(c)}` : companyDetail(c), role };
    });
  const options = [...mine, ...others];
  // The highlighted row is kept by company, so a new result list starts from its first row.
  const active = Math.max(0, options.findIndex((o) => o.id === activeId));
  const optionId = (i: number) => `${listId}-${i}`;

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- optionId only depends on listId
  }, [active, open]);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) setText('');
  };

  const choose = (option: Option | undefined) => {
    if (!option || switchCompany.isPending) return;
    if (option.id === user.currentCompanyId) return openChange(false);
    switchCompany.mutate(option.id, {
      onSuccess: () => {
        openChange(false);
        onSwitched?.();
      },
    });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!options.length) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveId(options[(active + step + options.length) % options.length].id);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(options[active]);
    }
  };

  const renderOption = (o: Option, i: number) => (
    <div
      key={o.id}
      id={optionId(i)}
      role="option"
      aria-selected={i === active}
      onMouseMove={() => setActiveId(o.id)}
      onClick={() => choose(o)}
      className={cn('relative flex cursor-pointer select-none items-center gap-2 rounded-md py-2 pl-8 pr-2 text-sm', i === active && 'bg-muted')}
    >
      {o.id === user.currentCompanyId ? <Check className="absolute left-2 h-4 w-4 text-primary" aria-label="Empresa actual" /> : null}
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{o.name}</span>
        <span className="truncate text-xs text-muted-foreground">{o.detail}</span>
      </span>
    </div>
  );

  const loading = companies.isPending && open;
  const searching = companies.isFetching && !loading;
  const total = companies.data?.total ?? 0;
  const shown = companies.data?.items.length ?? 0;

  return (
    <Popover.Root open={open} onOpenChange={openChange}>
      <Popover.Trigger
        className="flex w-full items-center gap-3 rounded-lg border bg-background px-3 py-2 text-left transition-colors hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60"
        disabled={switchCompany.isPending}
        aria-label={`Cambiar de empresa (actual: ${name ?? 'ninguna'})`}
      >
        <span
          className={cn(
            'flex h-8 w-8 shrink-0 items-center justify-center rounded-md',
            user.viewingAsSuperAdmin ? 'bg-amber-100 text-amber-800 dark:bg-amber-900/50 dark:text-amber-200' : 'bg-accent text-primary',
          )}
        >
          {user.viewingAsSuperAdmin ? <ShieldCheck className="h-4 w-4" aria-hidden /> : <Building2 className="h-4 w-4" aria-hidden />}
        </span>
        <span className="flex min-w-0 flex-1 flex-col text-left">
          <span className="text-xs text-muted-foreground">{user.viewingAsSuperAdmin ? 'Como super admin' : 'Empresa'}</span>
          <span className="truncate text-sm font-semibold">{name ?? 'Elegir empresa'}</span>
        </span>
        {switchCompany.isPending ? (
          <Loader2 className="h-4 w-4 animate-spin text-muted-foreground" aria-hidden />
        ) : (
          <ChevronsUpDown className="h-4 w-4 text-muted-foreground" aria-hidden />
        )}
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          className="shell-pop z-50 flex w-[var(--radix-popover-trigger-width)] min-w-[16rem] flex-col lg:w-[min(22rem,calc(100vw-1rem))] overflow-hidden rounded-lg border bg-card text-card-foreground shadow-lg"
        >
          <div className="flex items-center gap-2 border-b px-3">
            <Search className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
            <input
              type="text"
              role="combobox"
              aria-expanded="true"
              aria-controls={listId}
              aria-autocomplete="list"
              aria-activedescendant={options.length ? optionId(active) : undefined}
              aria-label="Buscar empresa"
              placeholder="Buscar por nombre, dominio o código"
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={onKeyDown}
              maxLength={200}
              className="h-11 min-w-0 flex-1 bg-transparent text-base outline-none placeholder:text-muted-foreground md:text-sm"
            />
            {searching ? <Loader2 className="h-4 w-4 shrink-0 animate-spin text-muted-foreground" aria-label="Buscando" /> : null}
          </div>

          <div id={listId} role="listbox" aria-label="Empresas" className="max-h-[min(20rem,50dvh)] overflow-y-auto p-1">
            {search ? (
              others.map((o, i) => renderOption(o, i))
            ) : (
              <>
                <OptionGroup label="Mis empresas">{mine.map((o, i) => renderOption(o, i))}</OptionGroup>
                <OptionGroup label="Todas las empresas">{others.map((o, i) => renderOption(o, mine.length + i))}</OptionGroup>
              </>
            )}
          </div>

          {loading ? (
            <p role="status" className="flex items-center justify-center gap-2 px-3 py-6 text-sm text-muted-foreground">
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
              Buscando empresas...
            </p>
          ) : companies.isError ? (
            <p role="alert" className="px-3 py-6 text-center text-sm text-destructive">
              No se pudieron cargar las empresas.
            </p>
          ) : !options.length && !searching ? (
            <p role="status" className="px-3 py-6 text-center text-sm text-muted-foreground">
              Sin resultados
            </p>
          ) : total > shown ? (
            <p className="border-t px-3 py-2 text-xs text-muted-foreground">
              {search ? `${shown} de ${total.toLocaleString('es-CL')} coincidencias: afina la búsqueda.` : `${total.toLocaleString('es-CL')} empresas: escribe para buscar.`}
            </p>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function OptionGroup({ label, children }: { label: string; children: ReactNode[] }) {
  const id = useId();
  if (!children.length) return null;
  return (
    <div role="group" aria-labelledby={id}>
      <p id={id} className="px-2 pb-1 pt-2 text-xs font-medium text-muted-foreground">
        {label}
      </p>
      {children}
    </div>
  );
}

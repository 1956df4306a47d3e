import { Loader2, Search, ShieldAlert } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { ADMIN_SUBSCRIPTION_LABELS, type AdminSubscriptionStatus } from '@shared/admin';
import { Badge } from '@client/components/ui/badge';
import { Input } from '@client/components/ui/input';
import { Pager as SharedPager } from '@client/components/ui/pager';
import { StateMessage } from '@client/components/ui/state-message';
import { useCurrentUser } from '@client/lib/auth';

/** Part 2 §6: these screens are the super admin's; anyone else reads why, not an empty page. */
export function SuperAdminOnly({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  if (!user?.isSuperAdmin) {
    return (
      <div className="mx-auto max-w-2xl">
        <StateMessage icon={<ShieldAlert className="h-10 w-10" />} title="Acceso restringido" role="alert">
          <p className="text-muted-foreground">Solo el super admin puede administrar las empresas de la plataforma.</p>
        </StateMessage>
      </div>
    );
  }
  return <>{children}</>;
}

export function PageHeading({ title, description, children }: { title: string; description: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">{description}</p>
      </div>
      {children}
    </div>
  );
}

const STATUS_VARIANTS: Record<AdminSubscriptionStatus, 'success' | 'warning' | 'secondary' | 'destructive' | 'outline'> = {
  active: 'success',
  trial: 'warning',
  free: 'secondary',
  pending: 'outline',
  canceled: 'destructive',
};

export function SubscriptionBadge({ status }: { status: AdminSubscriptionStatus }) {
  return <Badge variant={STATUS_VARIANTS[status]}>{ADMIN_SUBSCRIPTION_LABELS[status]}</Badge>;
}

/** The search box of a server-searched list; `busy` while the answer for the typed text is on its way. */
export function SearchBox({ id, label, value, onChange, placeholder, busy }: { id: string; label: string; value: string; onChange: (v: string) => void; placeholder: string; busy?: boolean }) {
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Search className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input id={id} type="search" className="pl-9 pr-9" placeholder={placeholder} maxLength={200} value={value} onChange={(e) => onChange(e.target.value)} autoComplete="off" />
      {busy ? <Loader2 className="absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 animate-spin text-muted-foreground" aria-label="Buscando" /> : null}
    </div>
  );
}

/** The super admin lists hide paging when everything fits on one page. */
export function Pager(props: Omit<ComponentProps<typeof SharedPager>, 'hideSingle'>) {
  return <SharedPager {...props} hideSingle />;
}

export const plural = (n: number, one: string, many: string) => `${new Intl.NumberFormat('es-CL').format(n)} ${n === 1 ? one : many}`;

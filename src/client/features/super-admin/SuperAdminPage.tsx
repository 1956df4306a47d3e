import { ArrowRight, Building2, CodeXml, CreditCard, Landmark, Mail, Receipt, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AdminUser } from '@shared/admin';
import { formatCLP, formatDate } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { SectionError } from '@client/features/dashboard/SectionError';
import { SectionTitle } from '@client/features/super-admin-email/SectionTitle';
import { initials } from '@client/lib/utils';
import { CompaniesSection } from './CompaniesSection';
import { PageHeading, SuperAdminOnly, plural } from './parts';
import { useAdminUsers, useSubscriptionStats } from './queries';

/** The dashboard shows the first 10 users, then 'Y N usuarios más...' (part 2 §9). */
const USERS_SHOWN = 10;

/** 'Panel Super Admin' (part 2 §2.9): platform totals, every company, the newest users and the operator's links. */
export function SuperAdminPage() {
  return (
    <SuperAdminOnly>
      <div className="mx-auto max-w-7xl space-y-6">
        <PageHeading title="Panel Super Admin" description="Las empresas, usuarios y suscripciones de toda la plataforma Rendix." />
        <StatCards />
        <QuickLinks />
        <Card>
          <CardContent className="p-4 pt-4 sm:p-6">
            <CompaniesSection
              idPrefix="dashboard"
              header={(count) => (
                <div className="space-y-1">
                  <SectionTitle>
                    <Building2 className="h-5 w-5 text-primary" aria-hidden />
                    Empresas
                  </SectionTitle>
                  <p className="text-sm text-muted-foreground">{count}</p>
                </div>
              )}
            />
          </CardContent>
        </Card>
        <UsersCard />
      </div>
    </SuperAdminOnly>
  );
}

const number = new Intl.NumberFormat('es-CL');

function StatCard({ label, value, icon: Icon, tone, hint }: { label: string; value: ReactNode; icon: LucideIcon; tone: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="space-y-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <span className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
            <Icon className="h-4 w-4" aria-hidden />
          </span>
        </div>
        <p className="break-words text-2xl font-bold tabular-nums">{value}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

const GRID = 'grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5';

function StatCards() {
  const stats = useSubscriptionStats();
  if (stats.isPending) {
    return (
      <div className={GRID} aria-busy="true" aria-label="Cargando estadísticas">
        {Array.from({ length: 5 }, (_, i) => (
          <Card key={i}>
            <CardContent className="space-y-3 p-5">
              <div className="flex items-center justify-between">
                <Skeleton className="h-4 w-28" />
                <Skeleton className="h-8 w-8 rounded-lg" />
              </div>
              <Skeleton className="h-7 w-24" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }
  if (stats.isError) return <SectionError title="No se pudieron cargar las estadísticas" error={stats.error} onRetry={() => void stats.refetch()} />;
  const s = stats.data;
  return (
    <section aria-label="Estadísticas de la plataforma" className={GRID}>
      <StatCard label="Empresas" value={number.format(s.totalCompanies)} icon={Building2} tone="bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300" />
      <StatCard label="Usuarios" value={number.format(s.totalUsers)} icon={Users} tone="bg-indigo-100 text-indigo-700 dark:bg-indigo-900/40 dark:text-indigo-300" />
      <StatCard
        label="Suscripciones activas"
        value={number.format(s.totalActiveSubscriptions)}
        icon={CreditCard}
        tone="bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300"
        hint="Planes pagados vigentes, sin pruebas"
      />
      <StatCard
        label="Ingreso mensual (MRR)"
        value={formatCLP(s.totalMonthlyRevenue)}
        icon={Wallet}
        tone="bg-emerald-100 text-emerald-700 dark:bg-emerald-900/40 dark:text-emerald-300"
        hint="Precio mensual de los planes vigentes"
      />
      <StatCard label="Gastos este mes" value={number.format(s.monthlyExpenses)} icon={Receipt} tone="bg-yellow-100 text-yellow-700 dark:bg-yellow-900/40 dark:text-yellow-300" />
    </section>
  );
}

const LINKS: { to: string; title: string; text: string; icon: LucideIcon }[] = [
  { to: '/company-management', title: 'Gestión de Empresas', text: 'Usuarios de cada empresa y asignación de planes.', icon: Landmark },
  { to: '/super-admin/api', title: 'API Super Admin', text: 'Token NiuData, categorías y métodos de pago por empresa.', icon: CodeXml },
  { to: '/super-admin/email', title: 'Configuración de Email', text: 'Estado SMTP, email de prueba y bandeja de salida.', icon: Mail },
];

function QuickLinks() {
  return (
    <nav aria-label="Accesos rápidos" className="grid gap-3 md:grid-cols-3">
      {LINKS.map((l) => (
        <Link
          key={l.to}
          to={l.to}
          className="group flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:bg-muted/50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
            <l.icon className="h-5 w-5" aria-hidden />
          </span>
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{l.title}</span>
            <span className="block text-sm text-muted-foreground">{l.text}</span>
          </span>
          <ArrowRight className="h-4 w-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5" aria-hidden />
        </Link>
      ))}
    </nav>
  );
}

function userName(u: AdminUser): string {
  return `${u.firstName} ${u.lastName}`.trim();
}

function UserRow({ user }: { user: AdminUser }) {
  const name = userName(user);
  return (
    <li data-testid="admin-user" className="flex items-start gap-3 py-3 sm:items-center">
      <span aria-hidden className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary">
        {initials(user.firstName, user.lastName, user.email)}
      </span>
      <div className="min-w-0 flex-1 sm:flex sm:items-center sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className={name ? 'truncate font-medium' : 'truncate italic text-muted-foreground'}>{name || 'Sin nombre aún'}</p>
          <p className="truncate text-sm text-muted-foreground" title={user.email}>
            {user.email}
          </p>
        </div>
        <div className="mt-1 flex shrink-0 flex-wrap gap-x-3 text-xs text-muted-foreground sm:mt-0 sm:flex-col sm:items-end">
          <span>{plural(user.companyCount, 'empresa', 'empresas')}</span>
          <span className="tabular-nums">Desde {formatDate(user.createdAt)}</span>
        </div>
        <div className="mt-1.5 flex shrink-0 flex-wrap gap-1 sm:mt-0 sm:w-40 sm:flex-col sm:items-end">
          {user.isSuperAdmin ? <Badge>Super admin</Badge> : null}
          {!user.hasPassword ? <Badge variant="warning">Invitación pendiente</Badge> : null}
          {user.hasPassword && !user.emailVerified ? <Badge variant="outline">Email sin verificar</Badge> : null}
        </div>
      </div>
    </li>
  );
}

function UsersCard() {
  const users = useAdminUsers(USERS_SHOWN);
  const more = users.data ? users.data.total - users.data.items.length : 0;
  return (
    <Card>
      <CardHeader>
        <SectionTitle>
          <Users className="h-5 w-5 text-primary" aria-hidden />
          Usuarios
        </SectionTitle>
        <CardDescription>Los más recientes de la plataforma{users.data ? ` (${plural(users.data.total, 'usuario', 'usuarios')} en total)` : ''}.</CardDescription>
      </CardHeader>
      <CardContent>
        {users.isPending ? (
          <div aria-busy="true" aria-label="Cargando usuarios" className="space-y-3">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : users.isError ? (
          <SectionError title="No se pudieron cargar los usuarios" error={users.error} onRetry={() => void users.refetch()} />
        ) : users.data.items.length === 0 ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            Aún no hay usuarios.
          </p>
        ) : (
          <>
            <ul className="divide-y" aria-label="Usuarios recientes">
              {users.data.items.map((u) => (
                <UserRow key={u.id} user={u} />
              ))}
            </ul>
            {more > 0 ? (
              <p data-testid="more-users" className="border-t pt-3 text-sm text-muted-foreground">
                Y {number.format(more)} usuarios más...
              </p>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}

import { BarChart3, Building2, Crown, FileText, Pencil, ShieldCheck, Users, Wallet, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { ROLE_LABELS, type Role } from '@shared/auth';
import { SUBSCRIPTION_LABELS, type CompanyStats, type CompanyView } from '@shared/company';
import { SPENT_HINT } from '@shared/dashboard';
import { formatCLP } from '@shared/format';
import { getPlan } from '@shared/plans';
import { formatRut } from '@shared/rut';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { cn } from '@client/lib/utils';
import { qk } from '@client/lib/queryKeys';
import { SectionError } from '@client/features/dashboard/SectionError';
import { post, useCompanyAction, useCompanyStats } from './queries';

/** The plan in force by its own name ('Básico', 'Profesional'...), under a 'Plan' heading; a trial says so. */
const planValue = (planId: string, status: CompanyView['subscriptionStatus']) => `${getPlan(planId).name}${status === 'trial' ? ' (prueba)' : ''}`;
const roleLabel = (role: Role | null) => (role ? ROLE_LABELS[role] : 'Sin rol');

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="mt-0.5 truncate text-sm font-medium">{children}</dd>
    </div>
  );
}

/** Name, role badge, 'Editar' for admins, domain, Código, plan and the reader's own role. */
export function CompanyHeader({ company, canManage, onEdit }: { company: CompanyView; canManage: boolean; onEdit: () => void }) {
  return (
    <Card>
      <CardContent className="space-y-5 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Building2 className="h-6 w-6" aria-hidden />
            </span>
            <div className="min-w-0">
              <h2 className="truncate text-xl font-bold tracking-tight">{company.name}</h2>
              <Badge variant={company.userRole === 'admin' ? 'default' : 'secondary'} className="mt-1">
                {roleLabel(company.userRole)}
              </Badge>
            </div>
          </div>
          {canManage ? (
            <Button variant="outline" size="sm" onClick={onEdit}>
              <Pencil aria-hidden />
              Editar
            </Button>
          ) : null}
        </div>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          <Fact label="Dominio">{company.domain ?? <span className="text-muted-foreground">No configurado</span>}</Fact>
          <Fact label="Código">
            <span className="font-mono tracking-wider">{company.companyCode}</span>
          </Fact>
          <Fact label="Plan">
            <span className="inline-flex items-center gap-1">
              {company.subscriptionPlan !== 'free' ? <Crown className="h-3.5 w-3.5 text-amber-500" aria-hidden /> : null}
              <span data-testid="company-plan">{planValue(company.subscriptionPlan, company.subscriptionStatus)}</span>
            </span>
          </Fact>
          <Fact label="Tu rol">{roleLabel(company.userRole)}</Fact>
        </dl>
      </CardContent>
    </Card>
  );
}

/**
 * Self-promotion for employees (part 2 §4), offered only while the company has no active admin (the
 * server enforces the same rule with a 403).
 */
export function BecomeAdminBlock() {
  const claim = useCompanyAction<void>({
    request: () => post('/api/company/make-me-admin'),
    success: 'Ahora eres administrador',
    fallback: 'No se pudo promover a administrador',
    invalidate: [qk.currentUser, qk.currentCompany, qk.companyStats, qk.companyUsers, qk.memberships, qk.pendingApprovals],
  });
  return (
    <Card className="border-dashed">
      <CardContent className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-start gap-3">
          <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
          <div>
            <p className="font-medium">¿Necesitas administrar la empresa?</p>
            <p className="text-sm text-muted-foreground">
              Si la empresa se quedó sin un administrador activo, puedes asumir ese rol para aprobar rendiciones y gestionar al equipo.
            </p>
          </div>
        </div>
        <Button variant="outline" onClick={() => claim.mutate()} disabled={claim.isPending} className="w-full shrink-0 sm:w-auto">
          {claim.isPending ? 'Procesando...' : 'Convertirme en administrador'}
        </Button>
      </CardContent>
    </Card>
  );
}

function StatCard({ label, value, icon: Icon, tone, hint }: { label: string; value: ReactNode; icon: LucideIcon; tone: string; hint?: string }) {
  return (
    <Card>
      <CardContent className="space-y-2 p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm font-medium text-muted-foreground">{label}</p>
          <span className={cn('flex h-8 w-8 shrink-0 items-center justify-center rounded-lg', tone)}>
            <Icon className="h-4 w-4" aria-hidden />
          </span>
        </div>
        <p className="whitespace-nowrap text-lg font-bold tabular-nums sm:text-2xl">{value}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </CardContent>
    </Card>
  );
}

/** Usuarios, Total Gastos, Monto Total, Plan; an employee's totals are their own expenses. */
export function CompanyStatCards({ stats }: { stats: ReturnType<typeof useCompanyStats> }) {
  if (stats.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-busy="true" aria-label="Cargando estadísticas">
        {Array.from({ length: 4 }, (_, i) => (
          <Card key={i}>
            <CardContent className="space-y-3 p-5">
              <Skeleton className="h-4 w-20" />
              <Skeleton className="h-7 w-16" />
            </CardContent>
          </Card>
        ))}
      </div>
    );
  }
  if (stats.isError) return <SectionError title="No se pudieron cargar las estadísticas" error={stats.error} onRetry={() => void stats.refetch()} />;
  const s: CompanyStats = stats.data;
  const own = s.scope === 'own' ? 'Tus rendiciones' : undefined;
  return (
    <section aria-label="Estadísticas de la empresa" className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      <StatCard label="Usuarios" value={s.totalUsers} icon={Users} tone="bg-blue-100 text-blue-700 dark:bg-blue-900/40 dark:text-blue-300" hint="Activos" />
      <StatCard label="Total Gastos" value={s.totalExpenses} icon={FileText} tone="bg-indigo-100 text-indigo-700 dark:bg-indigo-900/40 dark:text-indigo-300" hint={own} />
      <StatCard label="Monto Total" value={formatCLP(s.totalAmount)} icon={Wallet} tone="bg-green-100 text-green-700 dark:bg-green-900/40 dark:text-green-300" hint={own ? `${own}: ${SPENT_HINT.toLowerCase()}` : SPENT_HINT} />
      <StatCard label="Plan" value={planValue(s.planId, s.subscriptionStatus)} icon={Crown} tone="bg-amber-100 text-amber-700 dark:bg-amber-900/40 dark:text-amber-300" />
    </section>
  );
}

function InfoRow({ label, value, empty }: { label: string; value: ReactNode; empty: string }) {
  const missing = value === null || value === undefined || value === '';
  return (
    <div className="flex flex-col gap-0.5 border-b py-3 last:border-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4 md:[&:nth-last-child(2)]:border-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={cn('min-w-0 break-words text-sm font-medium sm:text-right', missing && 'font-normal italic text-muted-foreground')}>{missing ? empty : value}</dd>
    </div>
  );
}

/** Información de la empresa: empty values read 'No configurado' ('No configurada' for the address). */
export function CompanyInfoCard({ company, stats }: { company: CompanyView; stats: CompanyStats | undefined }) {
  const status = stats?.subscriptionStatus ?? company.subscriptionStatus;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <BarChart3 className="h-5 w-5 text-muted-foreground" aria-hidden />
          Información de la empresa
        </CardTitle>
        <CardDescription>Datos tributarios y de contacto.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid md:grid-cols-2 md:gap-x-10">
          <InfoRow label="Nombre" value={company.name} empty="No configurado" />
          <InfoRow label="Dominio" value={company.domain} empty="No configurado" />
          <InfoRow label="RUT" value={company.taxId ? formatRut(company.taxId) : null} empty="No configurado" />
          <InfoRow label="Dirección" value={company.address} empty="No configurada" />
          <InfoRow label="Gastos este mes" value={stats ? String(stats.monthlyExpenseCount) : '-'} empty="0" />
          <InfoRow label="Estado de suscripción" value={SUBSCRIPTION_LABELS[status]} empty="No configurado" />
        </dl>
      </CardContent>
    </Card>
  );
}

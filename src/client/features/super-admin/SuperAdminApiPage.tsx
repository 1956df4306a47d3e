import { Building2, CheckCircle2, Eye, EyeOff, KeyRound, ListChecks, Loader2, Sparkles, Wallet } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { ADMIN_MSG, type AdminCompany } from '@shared/admin';
import type { CatalogItem } from '@shared/catalog';
import { NIUDATA_MSG, niudataConfigureSchema } from '@shared/niudata';
import { toast } from 'sonner';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { SectionError } from '@client/features/dashboard/SectionError';
import { SectionTitle } from '@client/features/super-admin-email/SectionTitle';
import { errorMessage } from '@client/lib/api';
import { CompanyPicker } from './CompanyPicker';
import { PageHeading, SuperAdminOnly } from './parts';
import { useCompanyCatalog, useConfigureNiudataToken, useInitializeCatalog, useInitializePaymentMethods, useNiudataStatusOf } from './queries';

/** 'API Super Admin' (part 2 §2.10): one company's NiuData token and its catalog with accounting codes. */
export function SuperAdminApiPage() {
  return (
    <SuperAdminOnly>
      <ApiScreen />
    </SuperAdminOnly>
  );
}

function ApiScreen() {
  const [company, setCompany] = useState<AdminCompany | null>(null);
  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <PageHeading title="API Super Admin" description="Configura la integración contable y el catálogo de cualquier empresa." />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="self-start">
          <CardHeader>
            <SectionTitle>
              <Building2 className="h-5 w-5 text-primary" aria-hidden />
              Empresa
            </SectionTitle>
            <CardDescription>Elige la empresa con la que vas a trabajar.</CardDescription>
          </CardHeader>
          <CardContent>
            <CompanyPicker selected={company} onSelect={setCompany} />
          </CardContent>
        </Card>
        <div className="min-w-0 space-y-6">
          <SelectedCompany company={company} />
          <TokenCard company={company} />
          <CatalogCards company={company} />
        </div>
      </div>
    </div>
  );
}

function SelectedCompany({ company }: { company: AdminCompany | null }) {
  if (!company) {
    return (
      <div role="status" className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
        Selecciona una empresa de la lista para ver su token NiuData, sus categorías y sus métodos de pago.
      </div>
    );
  }
  return (
    <Card aria-label="Empresa seleccionada" data-testid="selected-company">
      <CardContent className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-6">
        <div className="min-w-0">
          <p className="truncate text-lg font-semibold">{company.name}</p>
          <p className="truncate text-sm text-muted-foreground">
            {company.domain ?? 'Sin dominio'} · Código {company.companyCode} · {company.planName}
          </p>
        </div>
        <Badge variant="outline" className="max-w-full self-start break-all font-mono font-normal sm:self-center">
          ID {company.id}
        </Badge>
      </CardContent>
    </Card>
  );
}

function TokenCard({ company }: { company: AdminCompany | null }) {
  const [token, setToken] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const status = useNiudataStatusOf(company?.id ?? null);
  const configure = useConfigureNiudataToken();
  const unavailable = status.data?.mode === 'unavailable';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!company || !token.trim()) {
      setError(NIUDATA_MSG.selectCompanyAndToken);
      return;
    }
    const parsed = niudataConfigureSchema.safeParse({ token, companyId: company.id });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? NIUDATA_MSG.selectCompanyAndToken);
      return;
    }
    setError(null);
    configure.mutate(
      { token: parsed.data.token, companyId: company.id },
      {
        onSuccess: () => setToken(''),
        onError: (err) => setError(errorMessage(err, NIUDATA_MSG.configureError)),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <SectionTitle>
          <KeyRound className="h-5 w-5 text-primary" aria-hidden />
          Token NiuData
        </SectionTitle>
        <CardDescription>Se verifica con NiuData y se guarda cifrado; nunca se vuelve a mostrar, solo sus últimos 4 caracteres.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {company ? <TokenStatus status={status} /> : null}
        <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div className="space-y-1.5">
            <Label htmlFor="niudata-token">Token de la empresa</Label>
            <div className="relative">
              <Input
                id="niudata-token"
                type={shown ? 'text' : 'password'}
                autoComplete="off"
                spellCheck={false}
                className="pr-10 font-mono placeholder:font-sans"
                placeholder="Pega aquí el token de NiuData"
                value={token}
                onChange={(e) => setToken(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'niudata-token-error' : undefined}
              />
              <button
                type="button"
                onClick={() => setShown((s) => !s)}
                className="absolute right-1 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={shown ? 'Ocultar token' : 'Mostrar token'}
              >
                {shown ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
              </button>
            </div>
          </div>
          <Button type="submit" disabled={configure.isPending || unavailable}>
            {configure.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
            Configurar Token
          </Button>
        </form>
        {error ? (
          <p id="niudata-token-error" role="alert" className="text-sm text-destructive">
            {error}
          </p>
        ) : null}
        {unavailable ? <p className="text-sm text-muted-foreground">{NIUDATA_MSG.unavailable}</p> : null}
      </CardContent>
    </Card>
  );
}

function TokenStatus({ status }: { status: ReturnType<typeof useNiudataStatusOf> }) {
  if (status.isPending) return <Skeleton className="h-5 w-56" />;
  if (status.isError) return <p className="text-sm text-muted-foreground">No se pudo leer el estado de NiuData de esta empresa.</p>;
  const s = status.data;
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm" data-testid="niudata-status">
      {s.configured ? (
        <span className="inline-flex items-center gap-1.5 text-green-700 dark:text-green-400">
          <CheckCircle2 className="h-4 w-4" aria-hidden />
          Token configurado <span className="font-mono">{s.tokenHint}</span>
        </span>
      ) : (
        <span className="text-muted-foreground">Sin token configurado.</span>
      )}
      {s.modeLabel ? <Badge variant="warning">{s.modeLabel}</Badge> : null}
    </p>
  );
}

function CatalogCards({ company }: { company: AdminCompany | null }) {
  const categories = useCompanyCatalog('/api/categories', company?.id ?? null);
  const methods = useCompanyCatalog('/api/payment-methods', company?.id ?? null);
  const initialize = useInitializeCatalog();
  const initializeMethods = useInitializePaymentMethods();
  const canInitialize = !!company && categories.isSuccess && categories.data.length === 0;
  const canInitializeMethods = !!company && categories.isSuccess && categories.data.length > 0 && methods.isSuccess && methods.data.length === 0;

  const run = () => {
    if (!company) return void toast.error('Error', { description: ADMIN_MSG.companyRequired });
    initialize.mutate(company.id);
  };

  return (
    <div className="space-y-4">
      {canInitialize ? (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-900/60 dark:bg-amber-950/30 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-amber-900 dark:text-amber-200">Esta empresa no tiene categorías. Inicializa las categorías y métodos de pago por defecto con sus códigos contables.</p>
          <Button onClick={run} disabled={initialize.isPending} className="shrink-0">
            {initialize.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
            Inicializar
          </Button>
        </div>
      ) : null}
      {canInitializeMethods ? (
        <div role="status" className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-900/60 dark:bg-amber-950/30 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-amber-900 dark:text-amber-200">Esta empresa tiene categorías pero ningún método de pago. Agrega los métodos de pago por defecto con sus códigos contables.</p>
          <Button onClick={() => initializeMethods.mutate(company.id)} disabled={initializeMethods.isPending} className="shrink-0">
            {initializeMethods.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Sparkles aria-hidden />}
            Inicializar métodos de pago
          </Button>
        </div>
      ) : null}
      <div className="grid gap-4 md:grid-cols-2">
        <CatalogCard title="Categorías" icon={<ListChecks className="h-5 w-5 text-primary" aria-hidden />} company={company} query={categories} empty="Esta empresa no tiene categorías." />
        <CatalogCard title="Métodos de pago" icon={<Wallet className="h-5 w-5 text-primary" aria-hidden />} company={company} query={methods} empty="Esta empresa no tiene métodos de pago." />
      </div>
    </div>
  );
}

function CatalogCard({ title, icon, company, query, empty }: { title: string; icon: ReactNode; company: AdminCompany | null; query: ReturnType<typeof useCompanyCatalog>; empty: string }) {
  return (
    <Card className="min-w-0">
      <CardHeader className="pb-3">
        <SectionTitle>
          {icon}
          {title}
        </SectionTitle>
        {query.data ? <CardDescription>{query.data.length === 1 ? '1 registro' : `${query.data.length} registros`}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        {!company ? (
          <p className="py-6 text-center text-sm text-muted-foreground">{ADMIN_MSG.companyRequired}</p>
        ) : query.isPending ? (
          <div aria-busy="true" aria-label={`Cargando ${title.toLowerCase()}`} className="space-y-2">
            {Array.from({ length: 4 }, (_, i) => (
              <Skeleton key={i} className="h-10 w-full" />
            ))}
          </div>
        ) : query.isError ? (
          <SectionError title={`No se pudieron cargar ${title.toLowerCase()}`} error={query.error} onRetry={() => void query.refetch()} />
        ) : query.data.length === 0 ? (
          <p role="status" className="py-6 text-center text-sm text-muted-foreground">
            {empty}
          </p>
        ) : (
          <ul className="max-h-64 divide-y overflow-y-auto rounded-lg border" aria-label={title} tabIndex={0}>
            {query.data.map((item) => (
              <CatalogRow key={item.id} item={item} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function CatalogRow({ item }: { item: CatalogItem }) {
  return (
    <li data-testid="catalog-item" className="flex items-center gap-2 px-3 py-2 text-sm">
      <span className="min-w-0 flex-1">
        <span className="block truncate font-medium">{item.name}</span>
        <span className="block truncate font-mono text-xs text-muted-foreground">{item.accountingCode || 'Sin código contable'}</span>
      </span>
      <Badge variant={item.isActive ? 'success' : 'secondary'}>{item.isActive ? 'Activo' : 'Inactivo'}</Badge>
    </li>
  );
}

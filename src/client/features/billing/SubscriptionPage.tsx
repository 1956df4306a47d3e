import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useCurrentUser } from '@client/lib/auth';
import { InvoiceHistory } from './InvoiceHistory';
import { usePaymentStatus, type UserWithPeriod } from './queries';
import { SandboxBadge } from './SandboxBadge';
import { SubscriptionPlans } from './SubscriptionPlans';

const TABS = ['planes', 'historial'] as const;

/** 'Suscripción y Facturación' (/subscription, part 1 §2): plans to buy and the purchase history. */
export function SubscriptionPage() {
  const { user } = useCurrentUser();
  const status = usePaymentStatus();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.find((t) => t === requested) ?? 'planes';

  if (!user) return null;
  const sandbox = !!status.data?.sandbox;

  return (
    <div className="mx-auto max-w-7xl space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">Suscripción y Facturación</h1>
          {sandbox ? <SandboxBadge /> : null}
        </div>
        <p className="text-sm text-muted-foreground">Elige el plan de tu empresa y revisa tus compras.</p>
      </div>

      <Tabs value={tab} onValueChange={(value) => setParams(value === 'planes' ? {} : { tab: value }, { replace: true })}>
        <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger value="planes">Planes</TabsTrigger>
          <TabsTrigger value="historial">Historial de Compras</TabsTrigger>
        </TabsList>
        <TabsContent value="planes">
          <SubscriptionPlans user={user as UserWithPeriod} sandbox={sandbox} />
        </TabsContent>
        <TabsContent value="historial">
          <InvoiceHistory hasCompany={!!user.currentCompanyId} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

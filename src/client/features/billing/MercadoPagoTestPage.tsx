import { ShieldAlert } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { StateMessage } from '@client/components/ui/state-message';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { useCurrentUser } from '@client/lib/auth';
import { DiagnosticPlanList } from './diagnostics/DiagnosticPlanList';
import { EndpointsInfo } from './diagnostics/EndpointsInfo';
import { SelfPaymentNotice } from './diagnostics/SelfPaymentNotice';
import { StatusCards } from './diagnostics/StatusCards';
import { ConnectionTestCard, TestPreferenceCard } from './diagnostics/TestActions';
import { TestResultPanel } from './diagnostics/TestResultPanel';
import { usePaymentTests } from './diagnostics/usePaymentTests';
import { usePaymentStatus, usePlans } from './queries';
import { SandboxBadge } from './SandboxBadge';

const TABS = [
  { value: 'estado', label: 'Estado del Servicio' },
  { value: 'planes', label: 'Planes Disponibles' },
  { value: 'pruebas', label: 'Pruebas de Pago' },
] as const;

/** 'Pruebas MercadoPago' (/mercadopago-test, part 2 §2.13). Its calls are for super admins. */
export function MercadoPagoTestPage() {
  const { user } = useCurrentUser();
  if (!user?.isSuperAdmin) {
    return (
      <div className="mx-auto max-w-2xl">
        <StateMessage icon={<ShieldAlert className="h-10 w-10" />} title="Acceso restringido">
          <p className="text-sm text-muted-foreground">Las pruebas de pago están disponibles solo para el super administrador.</p>
        </StateMessage>
      </div>
    );
  }
  return <PaymentTestTabs />;
}

function PaymentTestTabs() {
  const status = usePaymentStatus();
  const plans = usePlans();
  const tests = usePaymentTests();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = TABS.find((t) => t.value === requested)?.value ?? 'estado';

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">Pruebas MercadoPago</h1>
          {status.data?.sandbox ? <SandboxBadge /> : null}
        </div>
        <p className="text-sm text-muted-foreground">Revisa el servicio de pagos, los planes que ofrece y crea pagos de prueba.</p>
      </div>

      <Tabs value={tab} onValueChange={(value) => setParams(value === 'estado' ? {} : { tab: value }, { replace: true })}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value} className="whitespace-normal px-2 text-xs leading-tight sm:whitespace-nowrap sm:px-3 sm:text-sm">
              {t.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="estado" className="space-y-6">
          <StatusCards status={status} />
          <EndpointsInfo />
        </TabsContent>
        <TabsContent value="planes">
          <DiagnosticPlanList plans={plans} maxFeatures={3} />
        </TabsContent>
        <TabsContent value="pruebas" className="space-y-4">
          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <div className="space-y-4">
              <ConnectionTestCard tests={tests} />
              <TestPreferenceCard tests={tests} plans={plans} />
            </div>
            <TestResultPanel result={tests.result} />
          </div>
          <SelfPaymentNotice />
        </TabsContent>
      </Tabs>
    </div>
  );
}

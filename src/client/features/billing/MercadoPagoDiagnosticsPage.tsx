import { Navigate } from 'react-router';
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

/** 'Diagnóstico MercadoPago' (/mercadopago-diagnostics, part 2 §2.12). Super admins only; anyone else goes to /. */
export function MercadoPagoDiagnosticsPage() {
  const { user } = useCurrentUser();
  if (!user?.isSuperAdmin) return <Navigate to="/" replace />;
  return <Diagnostics />;
}

function Diagnostics() {
  const status = usePaymentStatus();
  const plans = usePlans();
  const tests = usePaymentTests();

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight">Diagnóstico MercadoPago</h1>
          {status.data?.sandbox ? <SandboxBadge /> : null}
        </div>
        <p className="text-sm text-muted-foreground">Estado de la integración de pagos, planes disponibles y pruebas de conexión.</p>
      </div>

      <section aria-labelledby="mp-status" className="space-y-3">
        <h2 id="mp-status" className="text-lg font-semibold">
          Estado de la configuración
        </h2>
        <StatusCards status={status} />
      </section>

      <section aria-labelledby="mp-tests" className="space-y-3">
        <h2 id="mp-tests" className="text-lg font-semibold">
          Pruebas
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <div className="space-y-4">
            <ConnectionTestCard tests={tests} />
            <TestPreferenceCard tests={tests} plans={plans} />
          </div>
          <TestResultPanel result={tests.result} />
        </div>
        <SelfPaymentNotice />
      </section>

      <section aria-labelledby="mp-plans" className="space-y-3">
        <h2 id="mp-plans" className="text-lg font-semibold">
          Planes
        </h2>
        <DiagnosticPlanList plans={plans} />
      </section>

      <EndpointsInfo />
    </div>
  );
}

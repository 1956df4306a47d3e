import { Loader2, Plug, Receipt } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { formatPlanPrice } from '../format';
import type { usePlans } from '../queries';
import type { PaymentTests } from './usePaymentTests';

/** Part 2 §2.12 full connection test. */
export function ConnectionTestCard({ tests }: { tests: PaymentTests }) {
  const busy = tests.connection.isPending;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Prueba de conexión</CardTitle>
        <CardDescription>Verifica las credenciales y que el servicio de pagos responda.</CardDescription>
      </CardHeader>
      <CardContent>
        <Button onClick={() => tests.connection.mutate()} disabled={busy} className="w-full sm:w-auto">
          {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Plug aria-hidden />}
          {busy ? 'Probando...' : 'Probar Conexión'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Part 2 §2.12/§2.13 test preference: a paid plan must be chosen first (part 2 §5). */
export function TestPreferenceCard({ tests, plans }: { tests: PaymentTests; plans: ReturnType<typeof usePlans> }) {
  const [planId, setPlanId] = useState('');
  const selectId = useId();
  const hintId = useId();
  const paid = (plans.data ?? []).filter((p) => p.price !== null && p.price > 0);
  const busy = tests.preference.isPending;

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Preferencia de prueba</CardTitle>
        <CardDescription>Crea una preferencia de pago para un plan y revisa el link que se genera.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (planId) tests.preference.mutate(planId);
          }}
        >
          <div className="space-y-1.5">
            <Label htmlFor={selectId}>Plan para la prueba</Label>
            <NativeSelect id={selectId} value={planId} onChange={(e) => setPlanId(e.target.value)} disabled={!plans.isSuccess} aria-describedby={hintId}>
              <option value="">{plans.isPending ? 'Cargando planes...' : 'Selecciona un plan'}</option>
              {paid.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} - {formatPlanPrice(p.price)}
                </option>
              ))}
            </NativeSelect>
            <p id={hintId} className="text-xs text-muted-foreground">
              {planId ? 'Se creará una preferencia con el precio de este plan.' : 'Selecciona un plan para crear la preferencia.'}
            </p>
          </div>
          <Button type="submit" disabled={!planId || busy} className="w-full sm:w-auto">
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Receipt aria-hidden />}
            {busy ? 'Creando...' : 'Crear Preferencia de Prueba'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save } from 'lucide-react';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { DEFAULT_PAYABLE_ACCOUNT, niudataSettingsInputSchema, type NiudataStatus } from '@shared/niudata';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Switch } from '@client/components/ui/switch';
import { ApiError } from '@client/lib/api';
import { useSaveSettings } from './queries';

type FormValues = z.input<typeof niudataSettingsInputSchema>;
type FormOutput = z.output<typeof niudataSettingsInputSchema>;

const fromStatus = (s: NiudataStatus): FormValues => ({ payableAccount: s.payableAccount, ivaAccount: s.ivaAccount ?? '', autoSync: s.autoSync });

/** The voucher's accounts and the automatic sync switch (DECISIONS.md 'Accounting voucher (NiuData)'). */
export function SettingsForm({ status }: { status: NiudataStatus }) {
  const save = useSaveSettings();
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(niudataSettingsInputSchema), defaultValues: fromStatus(status) });
  useEffect(() => {
    form.reset(fromStatus(status));
  }, [status, form]);
  const errors = form.formState.errors;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onError: (err) => {
        if (err instanceof ApiError && (err.field === 'payableAccount' || err.field === 'ivaAccount')) form.setError(err.field, { message: err.serverMessage });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Configuración contable</CardTitle>
        <CardDescription>
          Cada rendición aprobada es un comprobante en pesos: cargo a la cuenta de gasto (el código contable de la categoría) y abono a la cuenta por
          pagar.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Configuración contable de NiuData">
          <div className="grid grid-cols-1 gap-4">
            <FormField id="niudata-payable" label="Cuenta por pagar" error={errors.payableAccount?.message}>
              <Input
                id="niudata-payable"
                placeholder={DEFAULT_PAYABLE_ACCOUNT}
                maxLength={100}
                aria-invalid={!!errors.payableAccount}
                aria-describedby={errors.payableAccount ? 'niudata-payable-error' : undefined}
                {...form.register('payableAccount')}
              />
            </FormField>
            <FormField id="niudata-iva" label="Cuenta de IVA crédito fiscal (opcional)" error={errors.ivaAccount?.message}>
              <Input
                id="niudata-iva"
                placeholder="1150-01 IVA crédito fiscal"
                maxLength={100}
                aria-invalid={!!errors.ivaAccount}
                aria-describedby={errors.ivaAccount ? 'niudata-iva-error' : 'niudata-iva-help'}
                {...form.register('ivaAccount')}
              />
            </FormField>
          </div>
          <p id="niudata-iva-help" className="text-xs text-muted-foreground">
            Con cuenta de IVA, las facturas se contabilizan en tres líneas (neto, IVA y total por pagar); sin ella, en dos.
          </p>
          <div className="flex items-start gap-3 rounded-lg border p-3">
            <Controller
              control={form.control}
              name="autoSync"
              render={({ field }) => (
                <Switch id="niudata-autosync" className="mt-0.5" checked={!!field.value} onCheckedChange={field.onChange} aria-describedby="niudata-autosync-help" />
              )}
            />
            <div className="space-y-1">
              <Label htmlFor="niudata-autosync">Sincronización automática</Label>
              <p id="niudata-autosync-help" className="text-xs text-muted-foreground">
                Al aprobar una rendición, su comprobante se envía a NiuData sin esperar a que alguien presione Sincronizar. Las que no tengan código
                contable quedan en la lista de pendientes.
              </p>
            </div>
          </div>
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
            Guardar configuración
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

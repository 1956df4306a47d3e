import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, Save, Send } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { accountingWebhookInputSchema } from '@shared/integrations';
import { formatDateTime } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState } from '@client/components/ui/state-message';
import { Switch } from '@client/components/ui/switch';
import { ApiError, errorMessage } from '@client/lib/api';
import { SecretReveal } from './SecretReveal';
import { WebhookLogList } from './WebhookLogList';
import { useAccountingWebhook, useWebhookLogs, useWebhookMutations } from './queries';

type FormValues = z.input<typeof accountingWebhookInputSchema>;
type FormOutput = z.output<typeof accountingWebhookInputSchema>;

/** 'Webhook' (part 2 §2.5): URL, switch, save, 'Probar' (disabled while off), the signing secret and the deliveries. */
export function WebhookTab() {
  const hook = useAccountingWebhook();
  const { save, rotate, test } = useWebhookMutations();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  // After 'Probar' the deliveries refresh for a while, so the attempt shows up without a click.
  const [polling, setPolling] = useState(false);
  const logs = useWebhookLogs(polling);
  const form = useForm<FormValues, unknown, FormOutput>({
    resolver: zodResolver(accountingWebhookInputSchema),
    defaultValues: { webhookUrl: '', enabled: false },
  });

  // The form starts from what is saved, once it has loaded.
  const loaded = hook.data;
  useEffect(() => {
    if (loaded) form.reset({ webhookUrl: loaded.webhookUrl ?? '', enabled: loaded.enabled });
  }, [loaded, form]);

  useEffect(() => {
    if (!polling) return;
    const id = setTimeout(() => setPolling(false), 15_000);
    return () => clearTimeout(id);
  }, [polling]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(input, {
      onSuccess: (view) => {
        if (view.secret) setSecret(view.secret);
        form.reset({ webhookUrl: view.webhookUrl ?? '', enabled: view.enabled });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.field === 'webhookUrl') form.setError('webhookUrl', { message: err.serverMessage });
      },
    }),
  );

  if (hook.isPending) {
    return (
      <Card aria-busy="true" aria-label="Cargando webhook" className="space-y-3 p-6">
        <Skeleton className="h-5 w-56" />
        <Skeleton className="h-10 w-full" />
      </Card>
    );
  }
  if (hook.isError) {
    return <LoadErrorState title="No se pudo cargar el webhook" message={errorMessage(hook.error, 'Inténtalo de nuevo.')} onRetry={() => void hook.refetch()} retrying={hook.isFetching} />;
  }

  const savedActive = hook.data.enabled && !!hook.data.webhookUrl;
  const urlError = form.formState.errors.webhookUrl?.message;

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Webhook de aprobación</CardTitle>
          <CardDescription>
            Cada vez que un administrador aprueba una rendición, Rendix envía un POST firmado con el evento <code>expense.approved</code> y la rendición
            completa a esta URL. Si tu sistema no responde, se reintenta durante una hora.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="space-y-4" aria-label="Configurar webhook">
            <FormField id="webhook-url" label="URL del webhook" error={urlError}>
              <Input
                id="webhook-url"
                type="url"
                inputMode="url"
                placeholder="https://erp.tuempresa.cl/webhooks/rendix"
                aria-invalid={!!urlError}
                aria-describedby={urlError ? 'webhook-url-error' : undefined}
                {...form.register('webhookUrl')}
              />
            </FormField>
            <div className="flex items-center gap-3">
              <Controller
                control={form.control}
                name="enabled"
                render={({ field }) => <Switch id="webhook-enabled" checked={!!field.value} onCheckedChange={field.onChange} />}
              />
              <Label htmlFor="webhook-enabled">Activo</Label>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
                Guardar
              </Button>
              <Button
                type="button"
                variant="outline"
                disabled={!savedActive || test.isPending}
                title={savedActive ? undefined : 'Activa y guarda el webhook para probarlo'}
                onClick={() => test.mutate(undefined, { onSuccess: () => setPolling(true) })}
              >
                {test.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
                Probar
              </Button>
              {hook.data.hasSecret ? (
                <Button type="button" variant="ghost" onClick={() => setConfirmRotate(true)}>
                  <KeyRound aria-hidden />
                  Regenerar secreto
                </Button>
              ) : null}
            </div>
            {!savedActive ? <p className="text-xs text-muted-foreground">El botón Probar se habilita cuando el webhook está activo y guardado.</p> : null}
            {hook.data.lastTriggered ? <p className="text-xs text-muted-foreground">Último envío: {formatDateTime(hook.data.lastTriggered)}</p> : null}
          </form>
          {secret ? (
            <div className="mt-4 space-y-2">
              <p className="text-sm font-medium">Secreto de firma</p>
              <p className="text-xs text-muted-foreground">
                Con él tu sistema verifica el encabezado <code>x-rendix-signature</code> (ver la pestaña Sistemas Contables).
              </p>
              <SecretReveal label="Secreto de firma del webhook" secret={secret} copiedToast="Secreto copiado" />
            </div>
          ) : null}
        </CardContent>
      </Card>

      <WebhookLogList logs={logs} />

      <Dialog open={confirmRotate} onOpenChange={(open) => !open && !rotate.isPending && setConfirmRotate(false)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>¿Regenerar el secreto?</DialogTitle>
            <DialogDescription>El secreto actual deja de servir de inmediato: tu receptor rechazará las entregas hasta que uses el nuevo.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={rotate.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button
              disabled={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: (view) => view.secret && setSecret(view.secret),
                  onSettled: () => setConfirmRotate(false),
                })
              }
            >
              {rotate.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Regenerar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

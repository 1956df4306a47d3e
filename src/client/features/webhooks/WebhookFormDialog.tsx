import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { billingWebhookCreateSchema, billingWebhookUpdateSchema, type BillingWebhookView } from '@shared/billing';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Textarea } from '@client/components/ui/textarea';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { SubmitButton, fieldAria } from '@client/features/company/form-bits';
import { useWebhookMutations, type WebhookPayload } from './queries';

/** What the inputs hold; the shared schemas turn it into the request (trimmed, '{}' for no headers, numbers). */
interface WebhookDraft {
  name: string;
  url: string;
  secret: string;
  headers: string;
  retryCount: number | string;
  timeoutSeconds: number | string;
}
type WebhookOutput = z.output<typeof billingWebhookCreateSchema>;

/**
 * Create and edit validate with the same shared field rules (and Spanish messages) the server applies. The resolver is
 * cast because zod's coerced numbers have an `unknown` input type, wider than the inputs' strings.
 */
const createResolver = zodResolver(billingWebhookCreateSchema) as unknown as Resolver<WebhookDraft, unknown, WebhookOutput>;
const updateResolver = zodResolver(billingWebhookUpdateSchema.omit({ isActive: true })) as unknown as Resolver<WebhookDraft, unknown, WebhookOutput>;

const FIELDS = ['name', 'url', 'secret', 'headers', 'retryCount', 'timeoutSeconds'] as const;
const HEADERS_PLACEHOLDER = '{\n  "Authorization": "Bearer tu-token"\n}';

function draftOf(hook: BillingWebhookView | null): WebhookDraft {
  if (!hook) return { name: '', url: '', secret: '', headers: '', retryCount: 3, timeoutSeconds: 10 };
  return { name: hook.name, url: hook.url, secret: '', headers: hook.headers === '{}' ? '' : hook.headers, retryCount: hook.retryCount, timeoutSeconds: hook.timeoutSeconds };
}

function payloadOf(data: WebhookOutput): WebhookPayload {
  return {
    name: data.name,
    url: data.url,
    headers: data.headers,
    ...(data.secret ? { secret: data.secret } : {}),
    ...(data.retryCount !== undefined ? { retryCount: data.retryCount } : {}),
    ...(data.timeoutSeconds !== undefined ? { timeoutSeconds: data.timeoutSeconds } : {}),
  };
}

/** 'Nuevo webhook' / 'Editar webhook'. `hook` null creates; `open` false unmounts the form so it starts fresh. */
export function WebhookFormDialog({ open, hook, onClose }: { open: boolean; hook: BillingWebhookView | null; onClose: () => void }) {
  return (
    <Dialog open={open} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>{hook ? 'Editar webhook' : 'Nuevo webhook'}</DialogTitle>
          <DialogDescription>Rendix enviará un POST firmado a esta URL cada vez que una empresa pague un plan.</DialogDescription>
        </DialogHeader>
        {open ? <WebhookForm key={hook?.id ?? 'new'} hook={hook} onDone={onClose} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WebhookForm({ hook, onDone }: { hook: BillingWebhookView | null; onDone: () => void }) {
  const form = useForm<WebhookDraft, unknown, WebhookOutput>({ resolver: hook ? updateResolver : createResolver, defaultValues: draftOf(hook) });
  const { errors } = form.formState;
  const { create, update } = useWebhookMutations();
  const pending = create.isPending || update.isPending;
  const onError = (err: unknown) => applyServerError(err, form.setError, FIELDS);

  const onSubmit = form.handleSubmit((data) => {
    const payload = payloadOf(data);
    if (hook) update.mutate({ id: hook.id, payload: { ...payload, isActive: hook.isActive } }, { onSuccess: onDone, onError });
    else create.mutate(payload, { onSuccess: onDone, onError });
  });

  const err = (f: (typeof FIELDS)[number]) => errors[f]?.message;

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate aria-label={hook ? 'Editar webhook' : 'Nuevo webhook'}>
      <FormField id="webhook-name" label="Nombre" error={err('name')}>
        <Input id="webhook-name" placeholder="Ej: ERP contable" autoComplete="off" autoFocus {...fieldAria('webhook-name', err('name'))} {...form.register('name')} />
      </FormField>
      <FormField id="webhook-url" label="URL" error={err('url')}>
        <Input id="webhook-url" type="url" inputMode="url" placeholder="https://mi-sistema.cl/webhooks/rendix" autoCapitalize="none" {...fieldAria('webhook-url', err('url'))} {...form.register('url')} />
      </FormField>
      <FormField id="webhook-event" label="Evento">
        <Input id="webhook-event" value="subscription.paid" readOnly disabled aria-describedby="webhook-event-hint" />
        <p id="webhook-event-hint" className="text-xs text-muted-foreground">
          Se envía cuando se paga un plan. Es el único evento disponible.
        </p>
      </FormField>
      <FormField id="webhook-secret" label="Secreto (opcional)" error={err('secret')}>
        <Input
          id="webhook-secret"
          type="password"
          autoComplete="new-password"
          placeholder={hook?.hasSecret ? 'Deja vacío para mantener el secreto actual' : 'Para firmar cada envío'}
          {...fieldAria('webhook-secret', err('secret'))}
          {...form.register('secret')}
        />
        <p className="text-xs text-muted-foreground">
          Con secreto, cada envío lleva <code className="break-all">x-rendix-signature: sha256=HMAC(timestamp.cuerpo)</code>.
        </p>
      </FormField>
      <FormField id="webhook-headers" label="Headers personalizados (JSON)" error={err('headers')}>
        <Textarea id="webhook-headers" rows={4} spellCheck={false} className="font-mono text-xs md:text-xs" placeholder={HEADERS_PLACEHOLDER} {...fieldAria('webhook-headers', err('headers'))} {...form.register('headers')} />
      </FormField>
      <div className="grid grid-cols-2 gap-3">
        <FormField id="webhook-retries" label="Reintentos" error={err('retryCount')}>
          <Input id="webhook-retries" type="number" inputMode="numeric" min={0} max={10} {...fieldAria('webhook-retries', err('retryCount'))} {...form.register('retryCount')} />
        </FormField>
        <FormField id="webhook-timeout" label="Timeout (segundos)" error={err('timeoutSeconds')}>
          <Input id="webhook-timeout" type="number" inputMode="numeric" min={1} max={60} {...fieldAria('webhook-timeout', err('timeoutSeconds'))} {...form.register('timeoutSeconds')} />
        </FormField>
      </div>
      <p className="text-xs text-muted-foreground">Los reintentos esperan cada vez el doble: 30 s, 60 s, 120 s...</p>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={pending}>
          Cancelar
        </Button>
        <SubmitButton pending={pending} label={hook ? 'Guardar cambios' : 'Crear webhook'} pendingLabel="Guardando..." />
      </DialogFooter>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { createApiTokenSchema, type ApiTokenView, type CreateApiTokenInput, type CreatedApiTokenView } from '@shared/integrations';
import { formatDateTime } from '@shared/format';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { SecretReveal } from './SecretReveal';
import { useApiTokens, useTokenMutations } from './queries';

const personName = (p: ApiTokenView['createdBy']) => (p ? `${p.firstName} ${p.lastName}`.trim() || p.email : 'Usuario eliminado');

/** 'Tokens de API' (part 2 §2.5): list, create (the secret shown once), revoke. */
export function TokensTab() {
  const tokens = useApiTokens();
  const { create, remove } = useTokenMutations();
  const [created, setCreated] = useState<CreatedApiTokenView | null>(null);
  const [deleting, setDeleting] = useState<ApiTokenView | null>(null);
  const form = useForm<CreateApiTokenInput>({ resolver: zodResolver(createApiTokenSchema), defaultValues: { name: '' } });

  const onSubmit = form.handleSubmit(({ name }) =>
    create.mutate(name, {
      onSuccess: (token) => {
        setCreated(token);
        form.reset({ name: '' });
      },
    }),
  );

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Nuevo token</CardTitle>
          <CardDescription>
            Cada sistema externo (tu ERP, un script de contabilidad) debería tener su propio token: así puedes revocar uno sin afectar a los demás.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 md:flex-row md:items-start" aria-label="Crear token de API">
            <div className="min-w-0 flex-1">
              <FormField id="token-name" label="Nombre del token" error={form.formState.errors.name?.message}>
                <Input
                  id="token-name"
                  placeholder="Ej: ERP Defontana"
                  maxLength={100}
                  aria-invalid={!!form.formState.errors.name}
                  aria-describedby={form.formState.errors.name ? 'token-name-error' : undefined}
                  {...form.register('name')}
                />
              </FormField>
            </div>
            <Button type="submit" disabled={create.isPending} className="md:mt-6">
              {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
              Crear token
            </Button>
          </form>
        </CardContent>
      </Card>

      <section aria-labelledby="tokens-title" className="space-y-3">
        <h2 id="tokens-title" className="text-base font-semibold">
          Tokens activos
        </h2>
        {tokens.isPending ? (
          <Card aria-busy="true" aria-label="Cargando tokens">
            <CardContent className="space-y-3 p-4">
              <Skeleton className="h-5 w-48" />
              <Skeleton className="h-4 w-72" />
            </CardContent>
          </Card>
        ) : tokens.isError ? (
          <LoadErrorState title="No se pudieron cargar los tokens" message={errorMessage(tokens.error, 'Inténtalo de nuevo.')} onRetry={() => void tokens.refetch()} retrying={tokens.isFetching} />
        ) : tokens.data.length === 0 ? (
          <StateMessage icon={<KeyRound className="h-10 w-10" />} title="Sin tokens de API" role="status">
            <p className="text-muted-foreground">Crea uno para que tu sistema contable lea las rendiciones aprobadas.</p>
          </StateMessage>
        ) : (
          <Card>
            <ul className="divide-y" aria-label="Tokens de API">
              {tokens.data.map((t) => (
                <li key={t.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0 space-y-1">
                    <p className="font-medium">{t.name}</p>
                    <p className="font-mono text-xs text-muted-foreground">{t.prefix}…</p>
                    <p className="text-xs text-muted-foreground">
                      Creado por {personName(t.createdBy)} el {formatDateTime(t.createdAt)} · Último uso: {t.lastUsedAt ? formatDateTime(t.lastUsedAt) : 'Nunca'}
                    </p>
                  </div>
                  <Button variant="outline" size="sm" onClick={() => setDeleting(t)} aria-label={`Eliminar token ${t.name}`} className="self-start sm:self-center">
                    <Trash2 aria-hidden />
                    Eliminar
                  </Button>
                </li>
              ))}
            </ul>
          </Card>
        )}
      </section>

      <Dialog open={!!created} onOpenChange={(open) => !open && setCreated(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Token creado: {created?.name}</DialogTitle>
            <DialogDescription>Envíalo en cada llamada como encabezado Authorization: Bearer.</DialogDescription>
          </DialogHeader>
          {created ? <SecretReveal label="Token de API" secret={created.token} copiedToast="Token copiado" /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button>Listo, ya lo guardé</Button>
            </DialogClose>
          </DialogFooter>
        </DialogContent>
      </Dialog>

      <Dialog open={!!deleting} onOpenChange={(open) => !open && !remove.isPending && setDeleting(null)}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>¿Eliminar token?</DialogTitle>
            <DialogDescription>
              <strong className="font-semibold text-foreground">{deleting?.name}</strong> dejará de funcionar de inmediato: las integraciones que lo usan recibirán 401.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline" disabled={remove.isPending}>
                Cancelar
              </Button>
            </DialogClose>
            <Button variant="destructive" disabled={remove.isPending} onClick={() => deleting && remove.mutate(deleting.id, { onSettled: () => setDeleting(null) })}>
              {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
              Eliminar
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}

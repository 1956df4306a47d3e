import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { niudataConfigureSchema, type NiudataStatus } from '@shared/niudata';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { ApiError } from '@client/lib/api';
import { SecretInput } from './parts';
import { useConfigureToken } from './queries';

type FormValues = z.input<typeof niudataConfigureSchema>;
type FormOutput = z.output<typeof niudataConfigureSchema>;

/** 'Configurar Token' (§2.5, §2.6): checked with NiuData and stored encrypted; the field is emptied after saving. */
export function TokenForm({ status, idPrefix = 'niudata' }: { status: NiudataStatus; idPrefix?: string }) {
  const configure = useConfigureToken();
  const form = useForm<FormValues, unknown, FormOutput>({ resolver: zodResolver(niudataConfigureSchema), defaultValues: { token: '' } });
  const id = `${idPrefix}-token`;
  const error = form.formState.errors.token?.message;
  const unavailable = status.mode === 'unavailable';

  const onSubmit = form.handleSubmit((input) =>
    configure.mutate(
      { token: input.token },
      {
        onSuccess: () => form.reset({ token: '' }),
        onError: (err) => {
          if (err instanceof ApiError && err.field === 'token') form.setError('token', { message: err.serverMessage });
        },
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Configurar token de NiuData">
      <FormField id={id} label={status.configured ? 'Reemplazar token de NiuData' : 'Token de NiuData'} error={error}>
        <SecretInput
          id={id}
          placeholder={status.configured && status.tokenHint ? `Token actual ${status.tokenHint}` : 'Pega aquí el token de tu cuenta NiuData'}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : `${id}-help`}
          maxLength={500}
          disabled={unavailable}
          {...form.register('token')}
        />
      </FormField>
      <p id={`${id}-help`} className="text-xs text-muted-foreground">
        {status.mode === 'sandbox'
          ? 'Modo de prueba: cualquier token de 16 caracteres o más (por ejemplo niu_test_…) es válido; uno que empiece con "invalido" se rechaza.'
          : 'El token de API de tu cuenta NiuData. Se guarda cifrado y nunca se vuelve a mostrar: solo sus últimos 4 caracteres.'}
      </p>
      <Button type="submit" disabled={configure.isPending || unavailable} className="w-full sm:w-auto">
        {configure.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
        Configurar Token
      </Button>
    </form>
  );
}

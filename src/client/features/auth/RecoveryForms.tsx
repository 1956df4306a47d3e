import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { forgotSchema, resetSchema, type ForgotInput, type ResetInput } from '@shared/auth';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest, errorMessage } from '@client/lib/api';
import { PasswordInput } from './PasswordInput';
import { applyServerError } from './useServerErrors';

function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <Button type="button" variant="ghost" onClick={onBack} className="w-full">
      <ArrowLeft aria-hidden /> Volver al inicio de sesión
    </Button>
  );
}

export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const form = useForm<ForgotInput>({ resolver: zodResolver(forgotSchema), defaultValues: { email: '' } });
  const mutation = useMutation({
    mutationFn: (data: ForgotInput) => apiRequest('POST', '/api/auth/forgot-password', data),
    // Stays in forgot mode; the text never says whether the e-mail exists.
    onSuccess: () => toast.success('Email enviado', { description: 'Si el email existe, recibirás instrucciones para restablecer tu contraseña.' }),
    onError: (err) => toast.error('Error', { description: errorMessage(err, 'No se pudo enviar el email. Inténtalo de nuevo.') }),
  });
  const error = form.formState.errors.email?.message;
  return (
    <form onSubmit={form.handleSubmit((d) => mutation.mutate(d))} className="space-y-4" noValidate>
      <p className="text-sm text-muted-foreground">Ingresa tu email y te enviaremos un enlace para restablecer tu contraseña.</p>
      <FormField id="forgot-email" label="Email" error={error}>
        <Input id="forgot-email" type="email" autoComplete="email" placeholder="tu@empresa.cl" aria-invalid={error ? true : undefined} {...form.register('email')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {mutation.isPending ? 'Enviando...' : 'Enviar instrucciones'}
      </Button>
      <BackButton onBack={onBack} />
    </form>
  );
}

export function ResetPasswordForm({ token, onBack, onDone }: { token: string; onBack: () => void; onDone: () => void }) {
  const form = useForm<ResetInput>({ resolver: zodResolver(resetSchema), defaultValues: { token, password: '', confirmPassword: '' } });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (data: ResetInput) => apiRequest('POST', '/api/auth/reset-password', data),
    onSuccess: () => {
      toast.success('Contraseña actualizada', { description: 'Tu contraseña ha sido actualizada exitosamente. Ya puedes iniciar sesión.' });
      onDone();
    },
    onError: (err) => {
      applyServerError(err, form.setError, ['token', 'password', 'confirmPassword']);
      toast.error('Error', { description: errorMessage(err, 'No se pudo actualizar la contraseña.') });
    },
  });
  return (
    <form onSubmit={form.handleSubmit((d) => mutation.mutate(d))} className="space-y-4" noValidate>
      <FormField id="reset-token" label="Token de recuperación" error={errors.token?.message}>
        <Input id="reset-token" autoComplete="off" aria-invalid={errors.token ? true : undefined} {...form.register('token')} />
      </FormField>
      <FormField id="reset-password" label="Nueva contraseña" error={errors.password?.message}>
        <PasswordInput id="reset-password" autoComplete="new-password" aria-invalid={errors.password ? true : undefined} {...form.register('password')} />
      </FormField>
      <FormField id="reset-confirm" label="Confirmar nueva contraseña" error={errors.confirmPassword?.message}>
        <PasswordInput id="reset-confirm" autoComplete="new-password" aria-invalid={errors.confirmPassword ? true : undefined} {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {mutation.isPending ? 'Actualizando...' : 'Restablecer contraseña'}
      </Button>
      <BackButton onBack={onBack} />
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Loader2 } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { registerSchema, type CurrentUser, type RegisterInput } from '@shared/auth';
import { Button } from '@client/components/ui/button';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { apiRequest, errorMessage } from '@client/lib/api';
import { queryClient } from '@client/lib/queryClient';
import { qk } from '@client/lib/queryKeys';
import { PasswordInput } from './PasswordInput';
import { applyServerError } from './useServerErrors';

const FIELDS = ['firstName', 'lastName', 'email', 'companyName', 'password', 'confirmPassword'] as const;

interface Props {
  endpoint: '/api/auth/register' | '/api/auth/register-niudata';
  submitLabel: string;
  onSuccess: (user: CurrentUser) => void;
  idPrefix?: string;
}

/** Registration fields shared by the register tab and the partner screen. */
export function RegisterForm({ endpoint, submitLabel, onSuccess, idPrefix = 'register' }: Props) {
  const form = useForm<RegisterInput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { firstName: '', lastName: '', email: '', companyName: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const mutation = useMutation({
    mutationFn: (data: RegisterInput) => apiRequest<{ user: CurrentUser }>('POST', endpoint, data),
    onSuccess: ({ user }) => {
      queryClient.setQueryData(qk.currentUser, user);
      onSuccess(user);
    },
    onError: (err) => {
      applyServerError(err, form.setError, FIELDS);
      toast.error('Error en el registro', { description: errorMessage(err, 'No se pudo crear la cuenta. Inténtalo de nuevo.') });
    },
  });

  const id = (f: string) => `${idPrefix}-${f}`;
  const aria = (f: (typeof FIELDS)[number]) => ({
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? `${id(f)}-error` : undefined,
  });

  return (
    <form onSubmit={form.handleSubmit((d) => mutation.mutate(d))} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('firstName')} label="Nombre" error={errors.firstName?.message}>
          <Input id={id('firstName')} autoComplete="given-name" {...aria('firstName')} {...form.register('firstName')} />
        </FormField>
        <FormField id={id('lastName')} label="Apellido" error={errors.lastName?.message}>
          <Input id={id('lastName')} autoComplete="family-name" {...aria('lastName')} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id={id('email')} label="Email corporativo" error={errors.email?.message}>
        <Input id={id('email')} type="email" autoComplete="email" placeholder="tu@empresa.cl" {...aria('email')} {...form.register('email')} />
      </FormField>
      <FormField id={id('companyName')} label="Nombre de la empresa" error={errors.companyName?.message}>
        <Input id={id('companyName')} autoComplete="organization" {...aria('companyName')} {...form.register('companyName')} />
      </FormField>
      <FormField id={id('password')} label="Contraseña" error={errors.password?.message}>
        <PasswordInput id={id('password')} autoComplete="new-password" {...aria('password')} {...form.register('password')} />
      </FormField>
      <FormField id={id('confirmPassword')} label="Confirmar contraseña" error={errors.confirmPassword?.message}>
        <PasswordInput id={id('confirmPassword')} autoComplete="new-password" {...aria('confirmPassword')} {...form.register('confirmPassword')} />
      </FormField>
      <Button type="submit" className="w-full" disabled={mutation.isPending}>
        {mutation.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {mutation.isPending ? 'Creando cuenta...' : submitLabel}
      </Button>
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Loader2, MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { CurrentUser } from '@shared/auth';
import { acceptInvitationFormSchema, type AcceptInvitationInput, type InvitationPreview } from '@shared/company';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { Spinner } from '@client/components/ui/spinner';
import { apiGet, apiRequest, errorMessage } from '@client/lib/api';
import { queryClient } from '@client/lib/queryClient';
import { qk } from '@client/lib/queryKeys';
import { AuthLayout, FeatureList, Logo } from '@client/features/auth/AuthLayout';
import { LinkProblem } from '@client/features/auth/LinkProblem';
import { PasswordInput } from '@client/features/auth/PasswordInput';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { fieldAria } from './form-bits';

const FIELDS = ['token', 'firstName', 'lastName', 'password', 'confirmPassword'] as const;

function useAcceptedInvitation(companyName: string | null) {
  const navigate = useNavigate();
  return (user: CurrentUser) => {
    // A different account may have been signed in on this browser: nothing of it may linger.
    queryClient.clear();
    queryClient.setQueryData(qk.currentUser, user);
    toast.success('¡Bienvenido!', { description: companyName ? `Ya eres parte de ${companyName}.` : 'Tu cuenta está lista.' });
    navigate('/', { replace: true });
  };
}

/** Someone with a verified Rendix login only confirms: their password and names stay as they are. */
function AcceptExisting({ token, preview }: { token: string; preview: InvitationPreview }) {
  const done = useAcceptedInvitation(preview.companyName);
  const accept = useMutation({
    mutationFn: () => apiRequest<{ user: CurrentUser }>('POST', '/api/auth/accept-invitation', { token }),
    onSuccess: ({ user }) => done(user),
    onError: (err) => toast.error('Error', { description: errorMessage(err, 'No se pudo aceptar la invitación.') }),
  });
  return (
    <div className="space-y-4">
      <p className="text-sm text-muted-foreground">
        Entrarás con tu cuenta <span className="font-medium text-foreground">{preview.email}</span> y tu contraseña de siempre. Si no quieres unirte, cierra esta
        página: no se agregará nada a tu cuenta.
      </p>
      {accept.isError ? <LinkProblem message={errorMessage(accept.error, 'No se pudo aceptar la invitación.')} /> : null}
      <Button type="button" className="w-full" disabled={accept.isPending} onClick={() => accept.mutate()}>
        {accept.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {accept.isPending ? 'Aceptando...' : 'Aceptar invitación'}
      </Button>
    </div>
  );
}

function AcceptForm({ token, preview }: { token: string; preview: InvitationPreview }) {
  const done = useAcceptedInvitation(preview.companyName);
  const form = useForm<AcceptInvitationInput>({
    resolver: zodResolver(acceptInvitationFormSchema),
    defaultValues: { token, firstName: preview.firstName, lastName: preview.lastName, password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const accept = useMutation({
    mutationFn: (data: AcceptInvitationInput) => apiRequest<{ user: CurrentUser }>('POST', '/api/auth/accept-invitation', data),
    onSuccess: ({ user }) => done(user),
    onError: (err) => {
      applyServerError(err, form.setError, FIELDS);
      toast.error('Error', { description: errorMessage(err, 'No se pudo aceptar la invitación.') });
    },
  });
  const id = (f: string) => `accept-${f}`;

  return (
    <form onSubmit={form.handleSubmit((d) => accept.mutate(d))} className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('firstName')} label="Nombre" error={errors.firstName?.message}>
          <Input id={id('firstName')} autoComplete="given-name" autoFocus {...fieldAria(id('firstName'), errors.firstName?.message)} {...form.register('firstName')} />
        </FormField>
        <FormField id={id('lastName')} label="Apellido" error={errors.lastName?.message}>
          <Input id={id('lastName')} autoComplete="family-name" {...fieldAria(id('lastName'), errors.lastName?.message)} {...form.register('lastName')} />
        </FormField>
      </div>
      <FormField id={id('email')} label="Email">
        <Input id={id('email')} type="email" value={preview.email} readOnly disabled autoComplete="username" />
      </FormField>
      <FormField id={id('password')} label="Contraseña" error={errors.password?.message}>
        <PasswordInput id={id('password')} autoComplete="new-password" {...fieldAria(id('password'), errors.password?.message)} {...form.register('password')} />
      </FormField>
      <FormField id={id('confirmPassword')} label="Confirmar contraseña" error={errors.confirmPassword?.message}>
        <PasswordInput id={id('confirmPassword')} autoComplete="new-password" {...fieldAria(id('confirmPassword'), errors.confirmPassword?.message)} {...form.register('confirmPassword')} />
      </FormField>
      {errors.token?.message ? <LinkProblem message={errors.token.message} /> : null}
      <Button type="submit" className="w-full" disabled={accept.isPending}>
        {accept.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
        {accept.isPending ? 'Creando tu cuenta...' : 'Aceptar invitación'}
      </Button>
    </form>
  );
}

/** /invitacion?token=...: the invited person chooses a password and is signed in (part 2 §2.1 invite flow). */
export function AcceptInvitePage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const preview = useQuery({
    queryKey: ['/api/auth/invitation', token],
    queryFn: () => apiGet<InvitationPreview>(`/api/auth/invitation?token=${encodeURIComponent(token)}`),
    enabled: !!token,
    retry: false,
    refetchOnWindowFocus: false,
  });

  let content;
  if (!token) content = <LinkProblem message="El enlace de invitación está incompleto. Ábrelo de nuevo desde el email que recibiste." />;
  else if (preview.isPending) content = <div className="flex justify-center py-8"><Spinner label="Verificando invitación..." /></div>;
  else if (preview.isError) content = <LinkProblem message={errorMessage(preview.error, 'El enlace de invitación no es válido o ya expiró.')} />;
  else if (!preview.data.needsPassword) content = <AcceptExisting token={token} preview={preview.data} />;
  else content = <AcceptForm token={token} preview={preview.data} />;

  const company = preview.data?.companyName;
  return (
    <AuthLayout
      aside={
        <FeatureList
          title="Rinde tus gastos en minutos"
          items={['Sube la boleta y la IA completa los datos', 'Sigue el estado de cada rendición', 'Tu administrador aprueba desde cualquier lugar']}
        />
      }
    >
      <div className="mx-auto w-full max-w-md space-y-6">
        <Logo />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MailCheck className="h-5 w-5 text-primary" aria-hidden />
              Aceptar invitación
            </CardTitle>
            <CardDescription>
              {company ? (
                <>
                  Te invitaron a unirte a <span className="font-medium text-foreground">{company}</span>.
                  {preview.data?.needsPassword === false ? null : ' Completa tus datos y elige una contraseña.'}
                </>
              ) : (
                'Completa tus datos y elige una contraseña para entrar a Rendix.'
              )}
            </CardDescription>
          </CardHeader>
          <CardContent>{content}</CardContent>
        </Card>
      </div>
    </AuthLayout>
  );
}

import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, MailCheck } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { apiRequest, errorMessage } from '@client/lib/api';
import { queryClient } from '@client/lib/queryClient';
import { qk } from '@client/lib/queryKeys';
import { useCurrentUser } from '@client/lib/auth';
import { AuthLayout, FeatureList, Logo } from '@client/features/auth/AuthLayout';
import { LinkProblem } from '@client/features/auth/LinkProblem';

/**
 * /verificar-email?token=...: opened from the registration e-mail, signed in or not. A query (not
 * a mutation on mount) so a remount never spends the single-use link twice.
 */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const { user } = useCurrentUser();
  const result = useQuery({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: async () => {
      const res = await apiRequest<{ message: string }>('POST', '/api/auth/verify-email', { token });
      // The banner and the companies joined by domain come with the session: read it again.
      await queryClient.invalidateQueries({ queryKey: qk.currentUser });
      return res;
    },
    enabled: !!token,
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });

  const back = user ? { to: '/', action: 'Volver a Rendix' } : {};
  let content;
  if (!token) content = <LinkProblem {...back} message="El enlace de verificación está incompleto. Ábrelo de nuevo desde el email que recibiste." />;
  else if (result.isPending) content = <div className="flex justify-center py-8"><Spinner label="Verificando tu email..." /></div>;
  else if (result.isError) content = <LinkProblem {...back} message={errorMessage(result.error, 'El enlace de verificación no es válido o ya expiró.')} />;
  else
    content = (
      <div role="status" className="space-y-4">
        <div className="flex items-start gap-2 rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-800 dark:border-green-900/60 dark:bg-green-950/30 dark:text-green-300">
          <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <p>{result.data.message}</p>
        </div>
        <Button asChild className="w-full">
          <Link to={user ? '/' : '/auth'}>{user ? 'Ir a Rendix' : 'Iniciar sesión'}</Link>
        </Button>
      </div>
    );

  return (
    <AuthLayout aside={<FeatureList title="Tu email, verificado" items={['Te unes a la empresa de tu dominio', 'Recibes avisos de tus rendiciones', 'Recuperas tu cuenta si olvidas la contraseña']} />}>
      <div className="mx-auto w-full max-w-md space-y-6">
        <Logo />
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <MailCheck className="h-5 w-5 text-primary" aria-hidden />
              Verificación de email
            </CardTitle>
          </CardHeader>
          <CardContent>{content}</CardContent>
        </Card>
      </div>
    </AuthLayout>
  );

}

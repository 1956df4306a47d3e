import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { AuthLayout, FeatureList, Logo } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { ForgotPasswordForm, ResetPasswordForm } from './RecoveryForms';
import { RegisterForm } from './RegisterForm';

type Mode = 'main' | 'forgot' | 'reset';

const FEATURES = [
  'Lectura automática de boletas y facturas con IA',
  'Aprobaciones con notificaciones por email',
  'Dashboard en tiempo real y exportación a Excel',
  'API REST e integración contable',
  'Varias empresas con una sola cuenta',
];

export function AuthPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const resetToken = params.get('view') === 'reset' ? params.get('token') : null;
  const [mode, setMode] = useState<Mode>(resetToken ? 'reset' : 'main');
  const [tab, setTab] = useState(params.get('tab') === 'register' ? 'register' : 'login');

  const backToMain = () => {
    setMode('main');
    if (params.has('view') || params.has('token')) setParams({}, { replace: true });
  };

  const titles: Record<Mode, { title: string; description: string }> = {
    main: { title: 'Bienvenido a Rendix', description: 'Gestiona las rendiciones de gastos de tu empresa' },
    forgot: { title: 'Recuperar contraseña', description: 'Te enviaremos un enlace a tu email' },
    reset: { title: 'Nueva contraseña', description: 'Elige una nueva contraseña para tu cuenta' },
  };

  return (
    <AuthLayout
      aside={
        <FeatureList
          title="Rendiciones de gastos sin papeleo"
          items={FEATURES}
          footer={
            <div className="rounded-xl border bg-card p-5">
              <p className="font-semibold">El plan gratuito incluye</p>
              <p className="mt-1 text-sm text-muted-foreground">
                Hasta 2 usuarios, 10 documentos por mes, dashboard básico y soporte por email.
              </p>
            </div>
          }
        />
      }
    >
      <div className="mx-auto w-full max-w-md space-y-6">
        <div className="text-center">
          <Logo />
        </div>
        <Card>
          <CardHeader className="text-center">
            <CardTitle>{titles[mode].title}</CardTitle>
            <CardDescription>{titles[mode].description}</CardDescription>
          </CardHeader>
          <CardContent>
            {mode === 'forgot' ? (
              <ForgotPasswordForm onBack={backToMain} />
            ) : mode === 'reset' ? (
              <ResetPasswordForm
                token={resetToken ?? ''}
                onBack={backToMain}
                onDone={() => {
                  setMode('main');
                  setTab('login');
                  navigate('/auth', { replace: true });
                }}
              />
            ) : (
              <Tabs value={tab} onValueChange={setTab}>
                <TabsList className="grid w-full grid-cols-2">
                  <TabsTrigger value="login">Iniciar Sesión</TabsTrigger>
                  <TabsTrigger value="register">Registrarse</TabsTrigger>
                </TabsList>
                <TabsContent value="login">
                  <LoginForm onForgot={() => setMode('forgot')} />
                </TabsContent>
                <TabsContent value="register" className="space-y-4">
                  <RegisterForm
                    endpoint="/api/auth/register"
                    submitLabel="Crear Cuenta"
                    onSuccess={() => {
                      toast.success('Bienvenido', { description: 'Tu cuenta ha sido creada exitosamente.' });
                      navigate('/', { replace: true });
                    }}
                  />
                  <p className="text-center text-xs text-muted-foreground">
                    Al registrarte aceptas los términos de servicio y la política de privacidad. Tu cuenta comienza en el plan gratuito.
                  </p>
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
      </div>
    </AuthLayout>
  );
}

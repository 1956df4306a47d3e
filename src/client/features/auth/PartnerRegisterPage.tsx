import { Sparkles } from 'lucide-react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { AuthLayout, FeatureList, Logo } from './AuthLayout';
import { RegisterForm } from './RegisterForm';

/** Partners with a registration screen; the path segment is the key. */
const PARTNERS = {
  niudata: { name: 'NiuData', endpoint: '/api/auth/register-niudata' as const },
};

export function PartnerRegisterPage() {
  const { partner = '' } = useParams();
  const navigate = useNavigate();
  const info = PARTNERS[partner.toLowerCase() as keyof typeof PARTNERS];

  if (!info) {
    return (
      <AuthLayout aside={null}>
        <Card className="mx-auto max-w-md">
          <CardHeader>
            <CardTitle>Convenio no encontrado</CardTitle>
            <CardDescription>Este enlace de registro no corresponde a ningún convenio vigente.</CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild className="w-full">
              <Link to="/auth?tab=register">Crear una cuenta gratuita</Link>
            </Button>
          </CardContent>
        </Card>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      aside={
        <FeatureList
          title={`Rendix Premium para usuarios de ${info.name}`}
          items={['Rendiciones ilimitadas', 'IA avanzada para leer boletas y facturas', 'Sincronización directa con tu ERP', 'Soporte prioritario']}
          footer={
            <div className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-900 dark:border-green-900 dark:bg-green-950 dark:text-green-200">
              <p className="font-semibold">Promoción vigente</p>
              <p className="mt-1 text-sm">El plan Premium es gratuito para usuarios de {info.name} durante la promoción.</p>
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
            <Badge variant="success" className="mx-auto w-fit gap-1">
              <Sparkles className="h-3 w-3" aria-hidden /> Premium gratis con {info.name}
            </Badge>
            <CardTitle>Activa tu cuenta Premium</CardTitle>
            <CardDescription>Rendiciones ilimitadas, IA avanzada, sincronización con tu ERP y soporte prioritario.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-4">
            <RegisterForm
              endpoint={info.endpoint}
              idPrefix="partner"
              submitLabel="Activar Cuenta Premium"
              onSuccess={() => {
                // The partner plan applies once the e-mail is proven (issue 13): say so instead of 'activada'.
                toast.success(`¡Bienvenido a ${info.name}!`, { description: 'Confirma tu email con el enlace que te enviamos para activar tu cuenta premium.' });
                navigate('/', { replace: true });
              }}
            />
            <p className="text-center text-sm text-muted-foreground">
              ¿Ya tienes cuenta?{' '}
              <Link to="/auth" className="text-primary hover:underline">
                Inicia sesión
              </Link>
            </p>
          </CardContent>
        </Card>
      </div>
    </AuthLayout>
  );
}

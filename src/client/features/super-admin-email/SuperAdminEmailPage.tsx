import { CheckCircle2, KeyRound, Mail, ServerCog, ShieldAlert, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { EMAIL_MODE_LABELS, type EmailStatus } from '@shared/email';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/auth';
import { OutboxViewer } from './OutboxViewer';
import { SectionTitle } from './SectionTitle';
import { TestEmailForm } from './TestEmailForm';
import { useEmailStatus } from './queries';

/** 'Configuración de Email' (part 2 §2.11, super admin): SMTP status, test e-mail, outbox, Gmail setup, recovery flow. */
export function SuperAdminEmailPage() {
  const { user } = useCurrentUser();
  if (!user?.isSuperAdmin) {
    return (
      <div className="mx-auto max-w-2xl">
        <StateMessage icon={<ShieldAlert className="h-10 w-10" />} title="Acceso restringido" role="alert">
          <p className="text-muted-foreground">Solo el super admin puede ver la configuración de email y la bandeja de salida.</p>
        </StateMessage>
      </div>
    );
  }
  return <EmailScreen />;
}

function EmailScreen() {
  const status = useEmailStatus();
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Configuración de Email</h1>
        <p className="text-sm text-muted-foreground">Cómo salen los emails de Rendix (invitaciones, verificaciones, recuperación de contraseña) y qué se ha enviado.</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        {status.isPending ? (
          <Card aria-busy="true" aria-label="Cargando estado SMTP" className="space-y-3 p-6">
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-2/3" />
          </Card>
        ) : status.isError ? (
          <LoadErrorState
            title="No se pudo cargar el estado del email"
            message={errorMessage(status.error, 'Inténtalo de nuevo en unos momentos.')}
            onRetry={() => void status.refetch()}
            retrying={status.isFetching}
          />
        ) : (
          <SmtpStatusCard status={status.data} />
        )}
        <TestEmailForm smtp={status.data?.configured ?? false} />
      </div>

      <OutboxViewer />

      <div className="grid gap-6 lg:grid-cols-2">
        <GmailInstructions />
        <RecoveryFlow />
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 border-b py-2 last:border-b-0 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-all text-sm font-medium sm:text-right">{children}</dd>
    </div>
  );
}

function SmtpStatusCard({ status }: { status: EmailStatus }) {
  return (
    <Card>
      <CardHeader>
        <SectionTitle>
          <ServerCog className="h-5 w-5 text-primary" aria-hidden />
          Estado del servidor SMTP
        </SectionTitle>
        <CardDescription>Se configura con las variables de entorno SMTP_URL y MAIL_FROM del servidor.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl aria-label="Estado SMTP">
          <Row label="SMTP">
            {status.configured ? (
              <span className="inline-flex items-center gap-1.5 text-green-700 dark:text-green-400">
                <CheckCircle2 className="h-4 w-4" aria-hidden />
                Configurado
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-amber-700 dark:text-amber-400">
                <XCircle className="h-4 w-4" aria-hidden />
                No configurado
              </span>
            )}
          </Row>
          <Row label="Usuario">{status.user ?? <span className="text-muted-foreground">No configurado</span>}</Row>
          <Row label="Modo de envío">{EMAIL_MODE_LABELS[status.mode]}</Row>
        </dl>
        {status.mode !== 'smtp' ? (
          <p className="mt-4 rounded-lg bg-muted/60 p-3 text-sm text-muted-foreground">
            Los emails no salen del servidor: quedan en la bandeja de salida de esta página. Desde ahí puedes abrir las invitaciones y los enlaces de recuperación.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function Code({ children }: { children: ReactNode }) {
  return <code className="break-all rounded bg-muted px-1.5 py-0.5 font-mono text-xs">{children}</code>;
}

function GmailInstructions() {
  return (
    <Card>
      <CardHeader>
        <SectionTitle>
          <Mail className="h-5 w-5 text-primary" aria-hidden />
          Configurar con Gmail
        </SectionTitle>
        <CardDescription>Una cuenta de Gmail o Google Workspace puede enviar los emails de Rendix.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="list-decimal space-y-2 pl-5 text-sm">
          <li>Activa la verificación en 2 pasos en la cuenta de Google.</li>
          <li>
            Crea una <strong>contraseña de aplicación</strong> en Cuenta de Google → Seguridad → Contraseñas de aplicaciones (16 caracteres). No uses la contraseña normal de la cuenta.
          </li>
          <li>
            Servidor <Code>smtp.gmail.com</Code>, puerto <Code>587</Code> (STARTTLS), usuario: el email completo.
          </li>
          <li>
            Define en el servidor <Code>SMTP_URL=smtp://tu.cuenta%40gmail.com:CONTRASEÑA_DE_APLICACION@smtp.gmail.com:587</Code> (la @ del usuario se escribe <Code>%40</Code>) y{' '}
            <Code>MAIL_FROM=&quot;Rendix &lt;tu.cuenta@gmail.com&gt;&quot;</Code>.
          </li>
          <li>Reinicia Rendix y envía un email de prueba desde esta página.</li>
        </ol>
      </CardContent>
    </Card>
  );
}

const RECOVERY_STEPS = [
  { title: 'Solicitud', text: 'La persona pide recuperar su contraseña con su email en ¿Olvidaste tu contraseña?' },
  { title: 'Token', text: 'Rendix genera un token único, de un solo uso y válido por 1 hora.' },
  { title: 'Email', text: 'Se envía un email con un enlace que ya trae el token.' },
  { title: 'Nueva contraseña', text: 'La persona abre el enlace y elige su nueva contraseña.' },
];

function RecoveryFlow() {
  return (
    <Card>
      <CardHeader>
        <SectionTitle>
          <KeyRound className="h-5 w-5 text-primary" aria-hidden />
          Recuperación de contraseña
        </SectionTitle>
        <CardDescription>Así funciona el flujo que depende de este email.</CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-3" aria-label="Pasos de la recuperación de contraseña">
          {RECOVERY_STEPS.map((s, i) => (
            <li key={s.title} className="flex gap-3">
              <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground" aria-hidden>
                {i + 1}
              </span>
              <div className="text-sm">
                <p className="font-medium">
                  <span className="sr-only">Paso {i + 1}: </span>
                  {s.title}
                </p>
                <p className="text-muted-foreground">{s.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}

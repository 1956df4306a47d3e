import { ShieldCheck } from 'lucide-react';
import { toast } from 'sonner';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { Switch } from '@client/components/ui/switch';
import { errorMessage } from '@client/lib/api';
import { SectionError } from '@client/features/dashboard/SectionError';
import { useApprovalSettings, useUpdateApprovalSettings } from '@client/features/approvals/queries';

/**
 * Empresa → 'Aprobación de rendiciones' (admins): separation of duties. By default nobody approves or rejects their
 * own expense; a company of one person may allow it, and every self-approval is recorded as such.
 */
export function ApprovalSettingsCard() {
  const settings = useApprovalSettings(true);
  const update = useUpdateApprovalSettings();
  const allow = update.isPending && update.variables ? update.variables.allowSelfApproval : settings.data?.allowSelfApproval;

  const onChange = (next: boolean) =>
    update.mutate(
      { allowSelfApproval: next },
      {
        onSuccess: () =>
          toast.success(next ? 'Autoaprobación permitida' : 'Autoaprobación desactivada', {
            description: next ? 'Los administradores pueden aprobar sus propias rendiciones; cada una queda registrada como autoaprobación.' : 'Las rendiciones de un administrador las revisa otro administrador.',
          }),
        onError: (err) => toast.error('Error', { description: errorMessage(err, 'No se pudo guardar la configuración de aprobaciones') }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ShieldCheck className="h-5 w-5 text-muted-foreground" aria-hidden />
          Aprobación de rendiciones
        </CardTitle>
        <CardDescription>Nadie aprueba ni rechaza sus propias rendiciones: las de un administrador las revisa otro administrador de la empresa.</CardDescription>
      </CardHeader>
      <CardContent>
        {settings.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : settings.isError ? (
          <SectionError title="No se pudo cargar la configuración de aprobaciones" error={settings.error} onRetry={() => void settings.refetch()} />
        ) : (
          <div className="flex items-start justify-between gap-4 rounded-lg border p-4">
            <div className="space-y-1">
              <label htmlFor="allow-self-approval" className="text-sm font-medium">
                Permitir que un administrador apruebe sus propias rendiciones
              </label>
              <p id="allow-self-approval-help" className="text-sm text-muted-foreground">
                Pensado para empresas de una sola persona. Cada autoaprobación queda registrada en el historial de la rendición.
                {settings.data.activeAdmins <= 1 && !allow
                  ? ' Hoy tu empresa tiene un solo administrador: con esta opción apagada, sus rendiciones las revisa el equipo de Rendix.'
                  : null}
              </p>
            </div>
            <Switch
              id="allow-self-approval"
              checked={!!allow}
              onCheckedChange={onChange}
              disabled={update.isPending}
              aria-describedby="allow-self-approval-help"
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

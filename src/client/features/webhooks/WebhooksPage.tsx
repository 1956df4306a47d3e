import { Plus, ScrollText, ShieldAlert, Webhook } from 'lucide-react';
import { useState } from 'react';
import type { BillingWebhookView } from '@shared/billing';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadErrorState, StateMessage } from '@client/components/ui/state-message';
import { errorMessage } from '@client/lib/api';
import { useCurrentUser } from '@client/lib/auth';
import { DeleteWebhookDialog } from './DeleteWebhookDialog';
import { WebhookFormDialog } from './WebhookFormDialog';
import { WebhookLogsDialog } from './WebhookLogsDialog';
import { WebhookRow } from './WebhookRow';
import { useWebhookMutations, useWebhooks } from './queries';

/** 'Webhooks de Facturación' (part 2 §2.8, super admin): list, create, edit, delete, test and the logs dialog. */
export function WebhooksPage() {
  const { user } = useCurrentUser();
  if (!user?.isSuperAdmin) {
    return (
      <div className="mx-auto max-w-2xl">
        <StateMessage icon={<ShieldAlert className="h-10 w-10" />} title="Acceso restringido" role="alert">
          <p className="text-muted-foreground">Solo un super administrador puede gestionar los webhooks de facturación.</p>
        </StateMessage>
      </div>
    );
  }
  return <WebhooksScreen />;
}

function WebhooksScreen() {
  const list = useWebhooks();
  const { toggle, remove, test } = useWebhookMutations();
  // undefined: closed; null: creating; a webhook: editing it.
  const [editing, setEditing] = useState<BillingWebhookView | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<BillingWebhookView | null>(null);
  const [logsOpen, setLogsOpen] = useState(false);

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight">Webhooks de Facturación</h1>
          <p className="text-sm text-muted-foreground">
            Avisa a tus sistemas cuando una empresa paga un plan: un POST firmado con el evento <code>subscription.paid</code>.
          </p>
        </div>
        <div className="flex shrink-0 gap-2">
          <Button variant="outline" onClick={() => setLogsOpen(true)} className="flex-1 sm:flex-none">
            <ScrollText aria-hidden />
            Registros
          </Button>
          <Button onClick={() => setEditing(null)} className="flex-1 sm:flex-none">
            <Plus aria-hidden />
            Nuevo webhook
          </Button>
        </div>
      </div>

      {list.isPending ? (
        <Card>
          <ul aria-busy="true" aria-label="Cargando webhooks" className="divide-y">
            {Array.from({ length: 3 }, (_, i) => (
              <li key={i} className="space-y-2 px-4 py-4">
                <Skeleton className="h-5 w-48" />
                <Skeleton className="h-4 w-full max-w-md" />
                <Skeleton className="h-3 w-64" />
              </li>
            ))}
          </ul>
        </Card>
      ) : list.isError ? (
        <LoadErrorState
          title="No se pudieron cargar los webhooks"
          message={errorMessage(list.error, 'Inténtalo de nuevo en unos momentos.')}
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <StateMessage icon={<Webhook className="h-10 w-10" />} title="Sin webhooks configurados" role="status">
          <p className="max-w-md text-muted-foreground">Crea uno para que tu ERP, CRM o sistema contable sepa al instante cuándo se paga un plan.</p>
          <Button className="mt-2" onClick={() => setEditing(null)}>
            <Plus aria-hidden />
            Nuevo webhook
          </Button>
        </StateMessage>
      ) : (
        <Card className="overflow-hidden">
          <ul aria-label="Webhooks configurados" className="divide-y">
            {list.data.map((hook) => (
              <WebhookRow key={hook.id} hook={hook} toggle={toggle} test={test} onEdit={() => setEditing(hook)} onDelete={() => setDeleting(hook)} />
            ))}
          </ul>
        </Card>
      )}

      <WebhookFormDialog open={editing !== undefined} hook={editing ?? null} onClose={() => setEditing(undefined)} />
      <DeleteWebhookDialog hook={deleting} remove={remove} onClose={() => setDeleting(null)} />
      <WebhookLogsDialog open={logsOpen} onOpenChange={setLogsOpen} />
    </div>
  );
}

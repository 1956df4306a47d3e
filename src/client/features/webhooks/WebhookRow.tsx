import { Loader2, Pencil, Send, Trash2 } from 'lucide-react';
import type { BillingWebhookView } from '@shared/billing';
import { formatDateTime } from '@shared/format';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { cn } from '@client/lib/utils';
import type { useWebhookMutations } from './queries';

type Mutations = ReturnType<typeof useWebhookMutations>;

/** One webhook: name, URL, event, settings and its actions; wraps into a card on a phone. */
export function WebhookRow({
  hook,
  toggle,
  test,
  onEdit,
  onDelete,
}: {
  hook: BillingWebhookView;
  toggle: Mutations['toggle'];
  test: Mutations['test'];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const testing = test.isPending && test.variables === hook.id;
  const toggling = toggle.isPending && toggle.variables?.id === hook.id;

  return (
    <li className="flex flex-col gap-3 px-4 py-4 lg:flex-row lg:items-center lg:gap-6" data-testid="webhook-row">
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className={cn('font-medium', !hook.isActive && 'text-muted-foreground')}>{hook.name}</p>
          {hook.isActive ? <Badge variant="success">Activo</Badge> : <Badge variant="secondary">Inactivo</Badge>}
          <Badge variant="outline" className="font-mono font-normal">
            {hook.event}
          </Badge>
        </div>
        <p className="break-all font-mono text-xs text-muted-foreground">{hook.url}</p>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>Último envío: {hook.lastTriggered ? formatDateTime(hook.lastTriggered) : 'Nunca'}</span>
          <span>Reintentos: {hook.retryCount}</span>
          <span>Timeout: {hook.timeoutSeconds} s</span>
          <span>{hook.hasSecret ? 'Firmado con secreto' : 'Sin firma'}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <label className="mr-1 flex items-center gap-2 text-sm">
          <Switch checked={hook.isActive} disabled={toggling} onCheckedChange={(isActive) => toggle.mutate({ ...hook, isActive })} aria-label={`Activo: ${hook.name}`} />
          <span className="sr-only sm:not-sr-only">Activo</span>
        </label>
        <Button
          variant="outline"
          size="sm"
          disabled={!hook.isActive || testing}
          onClick={() => test.mutate(hook.id)}
          title={hook.isActive ? 'Enviar un evento de prueba' : 'Activa el webhook para probarlo'}
          aria-label={`Probar ${hook.name}`}
        >
          {testing ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
          Probar
        </Button>
        <Button variant="ghost" size="icon" className="h-9 w-9" onClick={onEdit} aria-label={`Editar ${hook.name}`} title="Editar">
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon"
          className="h-9 w-9 text-destructive hover:bg-red-50 hover:text-destructive dark:hover:bg-red-950/40"
          onClick={onDelete}
          aria-label={`Eliminar ${hook.name}`}
          title="Eliminar"
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

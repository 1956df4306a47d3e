import { Loader2 } from 'lucide-react';
import type { BillingWebhookView } from '@shared/billing';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import type { useWebhookMutations } from './queries';

/** Confirms a delete; the logs keep the webhook's name. */
export function DeleteWebhookDialog({
  hook,
  remove,
  onClose,
}: {
  hook: BillingWebhookView | null;
  remove: ReturnType<typeof useWebhookMutations>['remove'];
  onClose: () => void;
}) {
  return (
    <Dialog open={!!hook} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¿Eliminar webhook?</DialogTitle>
          <DialogDescription>
            <strong className="font-semibold text-foreground">{hook?.name}</strong> dejará de recibir eventos, incluidos los reintentos pendientes. Sus
            registros se conservan.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => hook && remove.mutate(hook.id, { onSettled: onClose })}>
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Eliminar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

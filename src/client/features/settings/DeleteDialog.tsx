import { Loader2 } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { primaryOf, type CatalogEntry, type CatalogResource } from './resources';
import type { useCatalogMutations } from './useCatalog';

/** Confirms a delete; the server deactivates instead when expenses use the entry. */
export function DeleteDialog({
  resource,
  entry,
  remove,
  onClose,
}: {
  resource: CatalogResource;
  entry: CatalogEntry | null;
  remove: ReturnType<typeof useCatalogMutations>['remove'];
  onClose: () => void;
}) {
  const name = entry ? primaryOf(resource, entry) : '';
  const pronoun = resource.feminine ? 'la' : 'lo';

  return (
    <Dialog open={!!entry} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¿Eliminar {resource.noun}?</DialogTitle>
          <DialogDescription>
            Se eliminará <strong className="font-semibold text-foreground">{name}</strong>. Si hay rendiciones que {pronoun} usan, se
            desactivará en lugar de eliminarse.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancelar
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() => entry && remove.mutate(entry.id, { onSettled: onClose })}
          >
            {remove.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Eliminar
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

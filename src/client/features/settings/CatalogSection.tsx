import { AlertCircle, Inbox, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api';
import { cn } from '@client/lib/utils';
import { CatalogCreateForm } from './CatalogCreateForm';
import { CatalogEditRow, CatalogRow, ROW_COLUMNS } from './CatalogRow';
import { DeleteDialog } from './DeleteDialog';
import type { CatalogEntry, CatalogResource } from './resources';
import { useCatalogList, useCatalogMutations } from './useCatalog';

/**
 * One settings tab, the same for categories, payment methods and cost centers: the create
 * form, the list with inline edit, the active switch and delete. Read-only for non-admins.
 */
export function CatalogSection({ resource, canEdit }: { resource: CatalogResource; canEdit: boolean }) {
  const list = useCatalogList(resource);
  const { create, update, toggle, remove } = useCatalogMutations(resource);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<CatalogEntry | null>(null);
  const listId = `${resource.idPrefix}-list`;

  return (
    <div className="space-y-4">
      {canEdit ? <CatalogCreateForm resource={resource} create={create} /> : null}

      <Card className="overflow-hidden">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 id={listId} className="text-base font-semibold">
            {resource.tabLabel}
          </h2>
          {list.isSuccess ? (
            <span className="text-sm text-muted-foreground">
              {list.data.length} {list.data.length === 1 ? 'registro' : 'registros'}
            </span>
          ) : null}
        </div>

        {list.isPending ? (
          <ul aria-busy="true" aria-label="Cargando" className="divide-y">
            {Array.from({ length: 4 }, (_, i) => (
              <li key={i} className="flex items-center gap-4 px-4 py-4">
                <Skeleton className="h-4 w-32" />
                <Skeleton className="hidden h-4 w-16 md:block" />
                <Skeleton className="h-4 flex-1" />
                <Skeleton className="h-5 w-14" />
              </li>
            ))}
          </ul>
        ) : list.isError ? (
          <div role="alert" className="flex flex-col items-start gap-3 p-4 text-sm">
            <p className="flex items-start gap-2 text-red-700 dark:text-red-400">
              <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
              <span>
                No se pudo cargar la lista. {errorMessage(list.error, 'Inténtalo de nuevo en unos momentos.')}
              </span>
            </p>
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              <RefreshCw aria-hidden />
              Reintentar
            </Button>
          </div>
        ) : list.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-10 text-center">
            <Inbox className="h-8 w-8 text-muted-foreground" aria-hidden />
            <p className="font-medium">{resource.emptyText}</p>
            {canEdit ? <p className="text-sm text-muted-foreground">Usa el formulario de arriba para agregar {resource.feminine ? 'la primera' : 'el primero'}.</p> : null}
          </div>
        ) : (
          <>
            <div
              aria-hidden
              className={cn(
                'hidden gap-4 border-b bg-muted/50 px-4 py-2 text-xs font-medium uppercase tracking-wide text-muted-foreground md:grid',
                ROW_COLUMNS[resource.fields.length],
              )}
            >
              {resource.fields.map((f) => (
                <span key={f.field}>{f.label}</span>
              ))}
              <span>Estado</span>
              <span className="text-right">{canEdit ? 'Acciones' : ''}</span>
            </div>
            <ul aria-labelledby={listId} className="divide-y">
              {list.data.map((entry) =>
                entry.id === editingId ? (
                  <CatalogEditRow key={entry.id} resource={resource} entry={entry} update={update} onDone={() => setEditingId(null)} />
                ) : (
                  <CatalogRow
                    key={entry.id}
                    resource={resource}
                    entry={entry}
                    canEdit={canEdit}
                    toggle={toggle}
                    onEdit={() => setEditingId(entry.id)}
                    onDelete={() => setDeleting(entry)}
                  />
                ),
              )}
            </ul>
          </>
        )}
      </Card>

      {canEdit ? <DeleteDialog resource={resource} entry={deleting} remove={remove} onClose={() => setDeleting(null)} /> : null}
    </div>
  );
}

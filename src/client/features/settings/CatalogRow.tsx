import { Loader2, Pencil, Trash2 } from 'lucide-react';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Switch } from '@client/components/ui/switch';
import { cn } from '@client/lib/utils';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { CatalogFields } from './CatalogFields';
import { primaryOf, toDraft, type CatalogDraft, type CatalogEntry, type CatalogPayload, type CatalogResource } from './resources';
import type { useCatalogMutations } from './useCatalog';

/** List columns: the resource's text fields, then Estado and (for admins) the actions. */
export const ROW_COLUMNS: Record<number, string> = {
  2: 'md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_9rem_5.5rem]',
  3: 'md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,2fr)_9rem_5.5rem]',
};

type Mutations = ReturnType<typeof useCatalogMutations>;

export function StatusBadgeActive({ active }: { active: boolean }) {
  return active ? <Badge variant="success">Activo</Badge> : <Badge variant="secondary">Inactivo</Badge>;
}

/** One entry shown as a row; on md and up its cells line up under the column headers. */
export function CatalogRow({
  resource,
  entry,
  canEdit,
  toggle,
  onEdit,
  onDelete,
}: {
  resource: CatalogResource;
  entry: CatalogEntry;
  canEdit: boolean;
  toggle: Mutations['toggle'];
  onEdit: () => void;
  onDelete: () => void;
}) {
  const primary = primaryOf(resource, entry);
  const toggling = toggle.isPending && toggle.variables?.id === entry.id;

  return (
    <li className={cn('grid grid-cols-1 gap-1 px-4 py-3 md:items-center md:gap-4', ROW_COLUMNS[resource.fields.length])} data-testid={`${resource.idPrefix}-row`}>
      {resource.fields.map(({ field, label }) => {
        const value = field === 'name' || field === 'code' ? primary : field === 'accountingCode' ? entry.accountingCode : entry.description;
        if (field === resource.primary.field) {
          return (
            <p key={field} className={cn('truncate font-medium', !entry.isActive && 'text-muted-foreground')} title={value ?? undefined}>
              {value}
              {resource.flag && entry[resource.flag.field] ? (
                <Badge variant="secondary" className="ml-2 align-middle font-normal">
                  {resource.flag.badge}
                </Badge>
              ) : null}
            </p>
          );
        }
        return (
          <p key={field} className={cn('text-sm text-muted-foreground', field === 'description' ? 'md:truncate' : 'truncate')} title={value ?? undefined}>
            <span className={cn(field === 'description' ? 'sr-only' : 'md:sr-only')}>{label}: </span>
            {value || <span aria-label="Sin dato">—</span>}
          </p>
        );
      })}
      <div className="mt-1 flex items-center justify-between gap-2 md:contents">
        <div className="flex items-center gap-2">
          {canEdit ? (
            <Switch
              checked={entry.isActive}
              disabled={toggling}
              onCheckedChange={(isActive) => toggle.mutate({ id: entry.id, isActive })}
              aria-label={`Activo: ${primary}`}
            />
          ) : null}
          <StatusBadgeActive active={entry.isActive} />
        </div>
        {canEdit ? (
          <div className="flex items-center justify-end gap-1">
            <Button variant="ghost" size="icon" className="h-9 w-9" onClick={onEdit} aria-label={`Editar ${primary}`} title="Editar">
              <Pencil aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="h-9 w-9 text-destructive hover:bg-red-50 hover:text-destructive dark:hover:bg-red-950/40"
              onClick={onDelete}
              aria-label={`Eliminar ${primary}`}
              title="Eliminar"
            >
              <Trash2 aria-hidden />
            </Button>
          </div>
        ) : (
          <span className="hidden md:block" />
        )}
      </div>
    </li>
  );
}

/** The same row turned into a form in place: Guardar / Cancelar, Escape cancels. */
export function CatalogEditRow({
  resource,
  entry,
  update,
  onDone,
}: {
  resource: CatalogResource;
  entry: CatalogEntry;
  update: Mutations['update'];
  onDone: () => void;
}) {
  const form = useForm<CatalogDraft, unknown, CatalogPayload>({ resolver: resource.resolver, defaultValues: toDraft(entry) });
  const primary = primaryOf(resource, entry);

  useEffect(() => {
    form.setFocus(resource.primary.field);
  }, [form, resource.primary.field]);

  const onSubmit = form.handleSubmit((payload) =>
    update.mutate({ id: entry.id, payload }, { onSuccess: onDone, onError: (err) => applyServerError(err, form.setError, [resource.primary.field]) }),
  );

  return (
    <li className="bg-accent/60 px-4 py-3" data-testid={`${resource.idPrefix}-row-editing`}>
      <form
        onSubmit={onSubmit}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.preventDefault();
            onDone();
          }
        }}
        noValidate
        aria-label={`Editar ${primary}`}
        className="space-y-3"
      >
        <CatalogFields resource={resource} form={form} mode="edit" />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" size="sm" onClick={onDone} disabled={update.isPending}>
            Cancelar
          </Button>
          <Button type="submit" size="sm" disabled={update.isPending}>
            {update.isPending ? <Loader2 className="animate-spin" aria-hidden /> : null}
            Guardar
          </Button>
        </div>
      </form>
    </li>
  );
}

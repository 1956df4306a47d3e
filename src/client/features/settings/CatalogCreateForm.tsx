import { Loader2, Plus } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardHeader } from '@client/components/ui/card';
import { applyServerError } from '@client/features/auth/useServerErrors';
import { CatalogFields } from './CatalogFields';
import { EMPTY_DRAFT, type CatalogDraft, type CatalogPayload, type CatalogResource } from './resources';
import type { useCatalogMutations } from './useCatalog';

/** 'Nueva categoría' / 'Nuevo medio de pago': validated with the same schema the server uses. */
export function CatalogCreateForm({
  resource,
  create,
}: {
  resource: CatalogResource;
  create: ReturnType<typeof useCatalogMutations>['create'];
}) {
  const form = useForm<CatalogDraft, unknown, CatalogPayload>({ resolver: resource.resolver, defaultValues: EMPTY_DRAFT });
  const heading = `${resource.feminine ? 'Nueva' : 'Nuevo'} ${resource.noun}`;
  const headingId = `new-${resource.idPrefix}-title`;

  const onSubmit = form.handleSubmit((payload) =>
    create.mutate(payload, {
      onSuccess: () => {
        form.reset(EMPTY_DRAFT);
        form.setFocus(resource.primary.field);
      },
      // 'Ya existe una categoría con ese nombre.' shows under the name too, not only in the toast.
      onError: (err) => applyServerError(err, form.setError, [resource.primary.field]),
    }),
  );

  return (
    <Card>
      <CardHeader className="pb-4">
        <h2 id={headingId} className="text-base font-semibold leading-none tracking-tight first-letter:uppercase">
          {heading}
        </h2>
      </CardHeader>
      <CardContent>
        <form aria-labelledby={headingId} onSubmit={onSubmit} noValidate className="flex flex-col gap-3 md:flex-row md:items-start">
          <div className="min-w-0 flex-1">
            <CatalogFields resource={resource} form={form} mode="new" />
          </div>
          <Button type="submit" disabled={create.isPending} className="md:mt-5">
            {create.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Plus aria-hidden />}
            Agregar
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

import { useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AlertCircle, Loader2, Save, X } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { CatalogItem } from '@shared/catalog';
import type { ExpenseView } from '@shared/expenses';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { facturaCategoryId, summaryMessage } from '@client/features/new-expense/expenseForm';
import { catalogKeys } from '@client/features/new-expense/useExpenseCatalog';
import { ApiError, apiGet } from '@client/lib/api';
import { editResolver, isVisibleField, toEditBody, valuesFromExpense, type EditValues } from './editForm';
import { EditFields } from './EditFields';
import { failureToast, serverExplanation, useEditExpense } from './queries';
import { ReceiptReplace } from './ReceiptReplace';

/** Same keys as the creation form and the settings screens, so their caches are shared. */
function useEditCatalog() {
  const categories = useQuery({ queryKey: catalogKeys.categories, queryFn: () => apiGet<CatalogItem[]>('/api/categories') });
  const paymentMethods = useQuery({ queryKey: catalogKeys.paymentMethods, queryFn: () => apiGet<CatalogItem[]>('/api/payment-methods') });
  return {
    isLoading: categories.isPending || paymentMethods.isPending,
    isError: categories.isError || paymentMethods.isError,
    retry: () => [categories, paymentMethods].forEach((q) => q.isError && void q.refetch()),
    categories: Array.isArray(categories.data) ? categories.data : [],
    paymentMethods: Array.isArray(paymentMethods.data) ? paymentMethods.data : [],
  };
}

export function EditExpenseForm({ expense, onDone }: { expense: ExpenseView; onDone: () => void }) {
  const catalog = useEditCatalog();
  if (catalog.isLoading) {
    return (
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" role="status" aria-label="Cargando formulario">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  }
  if (catalog.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300">
        <AlertCircle className="h-4 w-4 shrink-0" aria-hidden />
        No se pudieron cargar las categorías y medios de pago.
        <Button type="button" variant="outline" size="sm" onClick={catalog.retry}>
          Reintentar
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={onDone}>
          Cancelar
        </Button>
      </div>
    );
  }
  return <EditForm expense={expense} categories={catalog.categories} paymentMethods={catalog.paymentMethods} onDone={onDone} />;
}

interface FormProps {
  expense: ExpenseView;
  categories: CatalogItem[];
  paymentMethods: CatalogItem[];
  onDone: () => void;
}

/** In-place edit of a pending expense (part 1 §4). On failure every typed value stays where it was. */
function EditForm({ expense, categories, paymentMethods, onDone }: FormProps) {
  const resolver = useMemo(() => editResolver(categories), [categories]);
  const [initial] = useState(() => valuesFromExpense(expense));
  const form = useForm<EditValues>({ resolver, defaultValues: initial });
  const [formError, setFormError] = useState<string | null>(null);
  const edit = useEditExpense(expense.id);
  const facturaId = facturaCategoryId(categories.filter((c) => c.isActive));
  // A factura is filed under 'Factura'; leaving factura gives back the category chosen before.
  const categoryBeforeFactura = useRef<string | null>(null);

  const onDocumentTypeChange = (next: string) => {
    if (!facturaId) return;
    const current = form.getValues('category');
    if (next === 'factura' && current !== facturaId) {
      categoryBeforeFactura.current = current;
      form.setValue('category', facturaId, { shouldValidate: form.formState.isSubmitted });
    } else if (next !== 'factura' && current === facturaId && categoryBeforeFactura.current !== null) {
      form.setValue('category', categoryBeforeFactura.current, { shouldValidate: form.formState.isSubmitted });
      categoryBeforeFactura.current = null;
    }
  };

  const onValid = (values: EditValues) => {
    setFormError(null);
    edit.mutate(toEditBody(values), {
      onSuccess: () => {
        toast.success('Gasto Actualizado', { description: `La rendición N° ${expense.expenseNumber} fue actualizada.` });
        onDone();
      },
      onError: (err) => {
        failureToast('No se pudo actualizar el gasto.', err);
        const field = err instanceof ApiError ? err.field : undefined;
        const message = serverExplanation(err) ?? 'No se pudo actualizar el gasto.';
        if (isVisibleField(field)) {
          form.setError(field, { type: 'server', message });
          // The fieldset is still disabled while this runs; focus once it is enabled again.
          requestAnimationFrame(() => form.setFocus(field));
        } else setFormError(message);
      },
    });
  };

  const saving = edit.isPending;
  const headingId = `edit-heading-${expense.id}`;

  return (
    <form
      onSubmit={form.handleSubmit(onValid, (errors) => toast.error('No se pudo actualizar el gasto.', { description: summaryMessage(errors) }))}
      noValidate
      aria-labelledby={headingId}
      className="space-y-4"
    >
      <h3 id={headingId} className="text-sm font-semibold">
        Editando rendición N° {expense.expenseNumber}
      </h3>
      <fieldset disabled={saving} className="space-y-4">
        <EditFields
          form={form}
          categories={categories}
          paymentMethods={paymentMethods}
          initial={{
            documentType: expense.documentType,
            category: initial.category,
            categoryName: expense.category,
            paymentMethod: initial.paymentMethod,
            paymentMethodName: expense.paymentMethod,
          }}
          onDocumentTypeChange={onDocumentTypeChange}
          // A rate typed for the previous currency would be wrong for the new one.
          onCurrencyChange={() => form.setValue('exchangeRate', '')}
        />
      </fieldset>

      <div className="rounded-lg border border-dashed p-3">
        <p className="mb-2 text-sm font-medium">Comprobante</p>
        <p className="mb-2 text-xs text-muted-foreground">
          {expense.receiptUrl ? 'Reemplaza el archivo actual; el cambio se guarda al subirlo.' : 'Esta rendición no tiene comprobante; puedes adjuntar uno.'}
        </p>
        <ReceiptReplace expenseId={expense.id} expenseNumber={expense.expenseNumber} label={expense.receiptUrl ? 'Reemplazar comprobante' : 'Adjuntar comprobante'} />
      </div>

      {formError ? (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{formError}</span>
        </div>
      ) : null}

      <div className="grid grid-cols-2 gap-2 sm:flex sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          <X aria-hidden />
          Cancelar
        </Button>
        <Button type="submit" disabled={saving} aria-busy={saving || undefined}>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          {saving ? 'Guardando...' : 'Guardar'}
        </Button>
      </div>
    </form>
  );
}

import { Tags } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { FormField } from '@client/components/ui/form-field';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { NO_COST_CENTER } from './expenseForm';
import { controlA11y, Hint, Section, type ExpenseFormApi } from './Section';
import type { ExpenseCatalog } from './useExpenseCatalog';

/** Description, category, payment method and cost center; a factura locks the category to 'Factura'. */
export function CategorizationSection({ form, catalog, facturaCategoryId }: { form: ExpenseFormApi; catalog: ExpenseCatalog; facturaCategoryId: string | null }) {
  const { errors } = form.formState;
  const documentType = useWatch({ control: form.control, name: 'documentType' });
  const locked = documentType === 'factura' && facturaCategoryId !== null;
  const missingFactura = documentType === 'factura' && facturaCategoryId === null;
  const categoryHint = locked ? 'expense-category-hint' : undefined;

  return (
    <Section title="Descripción y categorización" icon={Tags}>
      <div className="sm:col-span-2">
        <FormField id="expense-description" label="Descripción *" error={errors.description?.message}>
          <Textarea
            rows={3}
            maxLength={500}
            placeholder="Ej.: Almuerzo con cliente, taxi al aeropuerto..."
            {...controlA11y('description', errors.description?.message, true)}
            {...form.register('description')}
          />
        </FormField>
      </div>
      <FormField id="expense-category" label="Categoría *" error={errors.category?.message}>
        <Controller
          control={form.control}
          name="category"
          render={({ field }) => (
            <NativeSelect
              {...controlA11y('category', errors.category?.message, true)}
              aria-describedby={errors.category ? 'expense-category-error' : categoryHint}
              name={field.name}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={locked}
            >
              <option value="" disabled>
                Selecciona una categoría
              </option>
              {catalog.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        {locked ? <Hint id="expense-category-hint">Las facturas se registran en la categoría &quot;Factura&quot;.</Hint> : null}
        {missingFactura ? (
          <p className="text-xs text-amber-700 dark:text-amber-400">Tu empresa no tiene una categoría &quot;Factura&quot; activa. Pide a un administrador que la cree en Configuración.</p>
        ) : null}
      </FormField>
      <FormField id="expense-paymentMethod" label="Medio de pago *" error={errors.paymentMethod?.message}>
        <NativeSelect {...controlA11y('paymentMethod', errors.paymentMethod?.message, true)} {...form.register('paymentMethod')}>
          <option value="" disabled>
            Selecciona un medio de pago
          </option>
          {catalog.paymentMethods.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id="expense-costCenter" label="Centro de costo" error={errors.costCenter?.message}>
        <NativeSelect {...controlA11y('costCenter', errors.costCenter?.message)} {...form.register('costCenter')}>
          <option value={NO_COST_CENTER}>Sin centro de costo</option>
          {catalog.costCenters.map((c) => (
            <option key={c.id} value={c.id}>
              {c.description ? `${c.code} - ${c.description}` : c.code}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </Section>
  );
}

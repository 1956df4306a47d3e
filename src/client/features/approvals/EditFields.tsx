import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CatalogItem } from '@shared/catalog';
import { DOCUMENT_TYPE_LABELS, defaultRate, taxIdCopy } from '@shared/expenses';
import { currencyOptions } from '@shared/currencies';
import { formatCLP } from '@shared/format';
import { formatRut, isValidRut } from '@shared/rut';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { Textarea } from '@client/components/ui/textarea';
import { computeAmountClp } from '@client/features/new-expense/expenseForm';
import { documentTypeOptions, editId, type EditValues, type VisibleField } from './editForm';

export type EditFormApi = UseFormReturn<EditValues>;

/** id, invalid state and the error's id, so a screen reader reads the message with the control. */
function a11y(name: VisibleField, error: string | undefined, required = false) {
  const id = editId(name);
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, 'aria-required': required || undefined };
}

/** Catalog options; the expense's own entry stays listed (marked) if it has been deactivated since. */
function catalogOptions(items: CatalogItem[], currentId: string, currentName: string | null) {
  const active = items.filter((i) => i.isActive);
  if (!currentId || active.some((i) => i.id === currentId)) return active;
  const known = items.find((i) => i.id === currentId);
  return [...active, { id: currentId, name: `${known?.name ?? currentName ?? 'Actual'} (desactivada)`, isActive: false, accountingCode: null, description: null }];
}

interface Props {
  form: EditFormApi;
  categories: CatalogItem[];
  paymentMethods: CatalogItem[];
  /** The values the edit started from, to keep the expense's own options selectable. */
  initial: { documentType: string; category: string; categoryName: string | null; paymentMethod: string; paymentMethodName: string | null };
  onDocumentTypeChange: (next: string) => void;
  onCurrencyChange: () => void;
}

/** Date, amount, currency, rate (foreign only), description, catalog and document fields (factura only). */
export function EditFields({ form, categories, paymentMethods, initial, onDocumentTypeChange, onCurrencyChange }: Props) {
  const { errors } = form.formState;
  const [currency, amount, exchangeRate, documentType] = useWatch({ control: form.control, name: ['currency', 'amount', 'exchangeRate', 'documentType'] });
  const foreign = currency !== 'CLP';
  const estimate = foreign && amount.trim() !== '' ? computeAmountClp(amount, currency, exchangeRate) : '';
  const err = (name: VisibleField) => errors[name]?.message;
  const taxIdField = taxIdCopy(currency);

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <FormField id={editId('date')} label="Fecha *" error={err('date')}>
        <Input type="date" {...a11y('date', err('date'), true)} {...form.register('date')} />
      </FormField>
      <FormField id={editId('documentType')} label="Tipo de documento *" error={err('documentType')}>
        <NativeSelect {...a11y('documentType', err('documentType'), true)} {...form.register('documentType', { onChange: (e: { target: { value: string } }) => onDocumentTypeChange(e.target.value) })}>
          {documentTypeOptions(initial.documentType).map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <FormField id={editId('amount')} label="Monto *" error={err('amount')}>
        <Input type="number" inputMode="decimal" step="0.01" min="0" {...a11y('amount', err('amount'), true)} {...form.register('amount')} />
      </FormField>
      <FormField id={editId('currency')} label="Moneda" error={err('currency')}>
        <NativeSelect {...a11y('currency', err('currency'))} {...form.register('currency', { onChange: onCurrencyChange })}>
          {currencyOptions().map((c) => (
            <option key={c.code} value={c.code}>
              {c.code}
            </option>
          ))}
        </NativeSelect>
      </FormField>

      {foreign ? (
        <div className="lg:col-span-2">
          <FormField id={editId('exchangeRate')} label={`Tipo de cambio (CLP por 1 ${currency})`} error={err('exchangeRate')}>
            <Input
              type="number"
              inputMode="decimal"
              step="0.0001"
              min="0"
              placeholder={defaultRate(currency) === null ? 'Ingresa la tasa' : String(defaultRate(currency))}
              {...a11y('exchangeRate', err('exchangeRate'))}
              aria-describedby={err('exchangeRate') ? `${editId('exchangeRate')}-error` : `${editId('exchangeRate')}-hint`}
              {...form.register('exchangeRate')}
            />
            <p id={`${editId('exchangeRate')}-hint`} className="text-xs text-muted-foreground">
              {defaultRate(currency) === null ? 'Sin tasa conocida para esta moneda: ingresa la tasa.' : 'En blanco se usa la tasa del día de la rendición.'}
            </p>
          </FormField>
        </div>
      ) : null}
      {estimate ? (
        <div className="flex items-start sm:pt-6 lg:col-span-2" aria-live="polite">
          <p className="rounded-md bg-muted px-3 py-2 text-sm" data-testid="edit-clp-estimate">
            ≈ <span className="font-semibold">{formatCLP(estimate)}</span> CLP
          </p>
        </div>
      ) : null}

      <div className="sm:col-span-2 lg:col-span-4">
        <FormField id={editId('description')} label="Descripción *" error={err('description')}>
          <Textarea rows={2} maxLength={500} {...a11y('description', err('description'), true)} {...form.register('description')} />
        </FormField>
      </div>
      <div className="lg:col-span-2">
        <FormField id={editId('category')} label="Categoría *" error={err('category')}>
          <NativeSelect {...a11y('category', err('category'), true)} {...form.register('category')}>
            <option value="" disabled>
              Selecciona una categoría
            </option>
            {catalogOptions(categories, initial.category, initial.categoryName).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <div className="lg:col-span-2">
        <FormField id={editId('paymentMethod')} label="Medio de pago *" error={err('paymentMethod')}>
          <NativeSelect {...a11y('paymentMethod', err('paymentMethod'), true)} {...form.register('paymentMethod')}>
            <option value="" disabled>
              Selecciona un medio de pago
            </option>
            {catalogOptions(paymentMethods, initial.paymentMethod, initial.paymentMethodName).map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>

      {documentType === 'factura' ? (
        <>
          <FormField id={editId('invoiceNumber')} label="Número de factura *" error={err('invoiceNumber')}>
            <Input autoComplete="off" maxLength={50} {...a11y('invoiceNumber', err('invoiceNumber'), true)} {...form.register('invoiceNumber')} />
          </FormField>
          <FormField id={editId('taxId')} label={taxIdField.label} error={err('taxId')}>
            <Input
              autoComplete="off"
              maxLength={20}
              placeholder={taxIdField.placeholder}
              {...a11y('taxId', err('taxId'), true)}
              {...form.register('taxId', {
                onBlur: (e: { target: { value: string } }) => {
                  if (isValidRut(e.target.value)) form.setValue('taxId', formatRut(e.target.value));
                },
              })}
            />
          </FormField>
          <div className="sm:col-span-2">
            <FormField id={editId('address')} label="Dirección" error={err('address')}>
              <Input autoComplete="off" maxLength={300} {...a11y('address', err('address'))} {...form.register('address')} />
            </FormField>
          </div>
        </>
      ) : null}
    </div>
  );
}

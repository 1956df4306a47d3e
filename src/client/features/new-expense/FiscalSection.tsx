import { CheckCircle2, FileText } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import { EXPENSE_MSG, mustBeRut, taxIdCopy } from '@shared/expenses';
import { formatRut, isValidRut } from '@shared/rut';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { controlA11y, Section, timbreHint, type ExpenseFormApi, type TimbreFields } from './Section';

/**
 * Live check-digit feedback while the RUT is typed; the submit error, when there is one, wins. A foreign document's
 * tax id (GST ID, RUC, CNPJ) has no RUT check digit: nothing is said of it unless it is written as a RUT is.
 */
function RutStatus({ value, currency }: { value: string; currency: string }) {
  const v = value.trim();
  if (v.length < 3 || !mustBeRut(v, currency)) return null;
  return isValidRut(v) ? (
    <p id="expense-taxId-status" className="flex items-center gap-1 text-sm text-green-700 dark:text-green-400">
      <CheckCircle2 className="h-4 w-4" aria-hidden />
      RUT válido
    </p>
  ) : (
    <p id="expense-taxId-status" className="text-sm text-destructive">
      {EXPENSE_MSG.rut}
    </p>
  );
}

/** Invoice number, issuer RUT and address: only for a factura (part 1 §2). */
export function FiscalSection({ form, timbreFields }: { form: ExpenseFormApi; timbreFields?: TimbreFields }) {
  const { errors } = form.formState;
  const [taxId, currency] = useWatch({ control: form.control, name: ['taxId', 'currency'] });
  const taxIdError = errors.taxId?.message;
  // A foreign factura's issuer has its own country's tax id.
  const foreign = !!currency && currency !== 'CLP';
  const taxIdField = taxIdCopy(currency);

  return (
    <Section
      title="Datos fiscales"
      icon={FileText}
      description={foreign ? 'Obligatorios para facturas: número de factura y RUT o Tax ID del emisor.' : 'Obligatorios para facturas: número de factura y RUT del emisor.'}
    >
      <FormField id="expense-invoiceNumber" label="Número de factura *" hint={timbreHint(timbreFields, 'invoiceNumber')} error={errors.invoiceNumber?.message}>
        <Input
          autoComplete="off"
          maxLength={50}
          placeholder="Ej.: 123456"
          {...controlA11y('invoiceNumber', errors.invoiceNumber?.message, true)}
          {...form.register('invoiceNumber')}
        />
      </FormField>
      <FormField id="expense-taxId" label={taxIdField.label} hint={timbreHint(timbreFields, 'taxId')} error={taxIdError}>
        <Input
          autoComplete="off"
          maxLength={20}
          placeholder={taxIdField.placeholder}
          {...controlA11y('taxId', taxIdError, true)}
          aria-describedby={taxIdError ? 'expense-taxId-error' : 'expense-taxId-status'}
          {...form.register('taxId', {
            onBlur: (e: { target: { value: string } }) => {
              if (isValidRut(e.target.value)) form.setValue('taxId', formatRut(e.target.value));
            },
          })}
        />
        <div aria-live="polite">{taxIdError ? null : <RutStatus value={taxId ?? ''} currency={currency ?? 'CLP'} />}</div>
      </FormField>
      <div className="sm:col-span-2">
        <FormField id="expense-address" label="Dirección" error={errors.address?.message}>
          <Input autoComplete="off" maxLength={300} placeholder="Dirección del emisor" {...controlA11y('address', errors.address?.message)} {...form.register('address')} />
        </FormField>
      </div>
    </Section>
  );
}

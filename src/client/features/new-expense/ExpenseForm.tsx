import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AlertCircle, Loader2 } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ApiError, apiRequest, errorMessage } from '@client/lib/api';
import { Button } from '@client/components/ui/button';
import { createdToastDescription } from '@client/components/expenses/receiptChecks';
import { analysisFindings, analysisToValues, keepChosenPaymentMethod, REVIEW_HINT_FIELDS, TIMBRE_HINT_FIELDS, type ReceiptAnalysis } from './analysis';
import { AmountSection } from './AmountSection';
import { BasicInfoSection } from './BasicInfoSection';
import { CategorizationSection } from './CategorizationSection';
import {
  computeAmountClp,
  defaultValues,
  expenseResolver,
  facturaCategoryId as findFacturaCategory,
  summaryMessage,
  toFormData,
  type ExpenseField,
  type ExpenseFormContext,
  type ExpenseFormValues,
} from './expenseForm';
import { FiscalSection } from './FiscalSection';
import { PlanLimitNotice, usePlanLimit } from './PlanLimitNotice';
import { PolicyCheckPanel, useFormPolicyCheck } from './PolicyCheckPanel';
import { ReceiptUpload } from './ReceiptUpload';
import { useCreateExpense } from './useCreateExpense';
import type { ExpenseCatalog } from './useExpenseCatalog';
import { useReceipt } from './useReceipt';
import { sayDuplicatesOnce } from './warnings';

const FIELDS = Object.keys(defaultValues()) as ExpenseField[];

export function ExpenseForm({ catalog }: { catalog: ExpenseCatalog }) {
  const navigate = useNavigate();
  const context = useMemo<ExpenseFormContext>(() => ({ categories: catalog.categories }), [catalog.categories]);
  const form = useForm<ExpenseFormValues, ExpenseFormContext>({ resolver: expenseResolver, context, defaultValues: defaultValues() });
  const { setValue, getValues, control } = form;
  const [formError, setFormError] = useState<string | null>(null);
  const create = useCreateExpense();
  const planLimit = usePlanLimit();
  const limitReached = planLimit?.state === 'reached';
  const facturaId = findFacturaCategory(catalog.categories);

  // The receipt reader's models load while the user picks the photo (its threads end after a quiet minute).
  useEffect(() => {
    void apiRequest('POST', '/api/receipts/warm').catch(() => undefined);
  }, []);

  // The CLP amount follows amount × rate, whatever changed them (typing, currency, analysis).
  const [amount, currency, exchangeRate, quotedRate, documentType] = useWatch({ control, name: ['amount', 'currency', 'exchangeRate', 'quotedRate', 'documentType'] });
  useEffect(() => {
    const next = computeAmountClp(amount, currency, exchangeRate, quotedRate);
    if (next !== getValues('amountCLP')) {
      setValue('amountCLP', next, { shouldValidate: form.formState.isSubmitted });
    }
  }, [amount, currency, exchangeRate, quotedRate, getValues, setValue, form.formState.isSubmitted]);

  // A factura is filed under 'Factura'; leaving factura gives back the category chosen before.
  const categoryBeforeFactura = useRef<string | null>(null);
  useEffect(() => {
    if (!facturaId) return;
    const current = getValues('category');
    if (documentType === 'factura' && current !== facturaId) {
      categoryBeforeFactura.current = current;
      setValue('category', facturaId, { shouldValidate: form.formState.isSubmitted });
    } else if (documentType !== 'factura' && current === facturaId && categoryBeforeFactura.current !== null) {
      setValue('category', categoryBeforeFactura.current);
      categoryBeforeFactura.current = null;
    }
  }, [documentType, facturaId, getValues, setValue, form.formState.isSubmitted]);

  // What the last analysis put in 'Medio de pago': anything else there is the user's choice and stays.
  const paymentFromAnalysis = useRef<string | null>(null);
  const applyAnalysis = useCallback(
    (data: ReceiptAnalysis) => {
      const values = keepChosenPaymentMethod(analysisToValues(data, catalog), getValues('paymentMethod'), paymentFromAnalysis.current);
      if (values.paymentMethod) paymentFromAnalysis.current = values.paymentMethod;
      // Already a factura: the effect above will not run again, so keep the category locked here.
      const stillFactura = getValues('documentType') === 'factura' && (values.documentType ?? 'factura') === 'factura';
      if (stillFactura && facturaId && values.category && values.category !== facturaId) {
        categoryBeforeFactura.current = values.category;
        values.category = facturaId;
      }
      for (const name of Object.keys(values) as ExpenseField[]) {
        setValue(name, values[name] as never, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
      }
      return analysisFindings(data, values, { date: getValues('date') });
    },
    [catalog, facturaId, getValues, setValue, form.formState.isSubmitted],
  );
  const receipt = useReceipt(applyAnalysis);

  // 'Timbre SII' next to a label while the field still holds the value read from the timbre.
  const [date, invoiceNumber, taxId] = useWatch({ control, name: ['date', 'invoiceNumber', 'taxId'] });
  const timbreValues = receipt.findings?.timbreValues;
  // 'Revisa este dato' while a field still holds a value the reader was unsure of.
  const reviewValues = receipt.findings?.reviewValues;
  const timbreFields = useMemo(() => {
    const current = { amount, currency, date, documentType, invoiceNumber, taxId };
    const hints = new Map<ExpenseField, 'timbre' | 'review'>();
    for (const f of REVIEW_HINT_FIELDS) if (reviewValues?.[f] !== undefined && reviewValues[f] === current[f]) hints.set(f, 'review');
    for (const f of TIMBRE_HINT_FIELDS) if (timbreValues?.[f] !== undefined && timbreValues[f] === current[f]) hints.set(f, 'timbre');
    return hints;
  }, [timbreValues, reviewValues, amount, currency, date, documentType, invoiceNumber, taxId]);

  // A duplicate found both by the analysis and by the policy check is said once (warnings.ts).
  const policyCheck = useFormPolicyCheck(form, receipt.file);
  const shown = useMemo(() => sayDuplicatesOnce(receipt.findings?.flags ?? [], policyCheck), [receipt.findings?.flags, policyCheck]);

  const onValid = (values: ExpenseFormValues) => {
    setFormError(null);
    receipt.setError(null);
    create.mutate(toFormData(values, receipt.file), {
      onSuccess: (saved) => {
        // One toast at a time: the flags the server found go in the success toast's description.
        toast.success('Rendición Creada', { description: createdToastDescription(saved) });
        void navigate('/expenses');
      },
      onError: (err) => {
        // Nothing typed is reset: the message goes next to its field, or above the buttons.
        const message = errorMessage(err, 'Failed to create expense');
        toast.error('Error', { description: message });
        const field = err instanceof ApiError ? err.field : undefined;
        if (field === 'receipt') receipt.setError(message);
        else if (field && (FIELDS as string[]).includes(field)) {
          form.setError(field as ExpenseField, { type: 'server', message }, { shouldFocus: true });
        } else setFormError(message);
      },
    });
  };

  const saving = create.isPending;

  return (
    <form onSubmit={form.handleSubmit(onValid, (errors) => toast.error('Error', { description: summaryMessage(errors) }))} noValidate className="space-y-4 sm:space-y-6">
      <PlanLimitNotice limit={planLimit} />
      <ReceiptUpload receipt={receipt} flags={shown.flags} disabled={saving} />
      <BasicInfoSection form={form} timbreFields={timbreFields} />
      <AmountSection form={form} timbreFields={timbreFields} />
      <CategorizationSection form={form} catalog={catalog} facturaCategoryId={facturaId} />
      {documentType === 'factura' ? <FiscalSection form={form} timbreFields={timbreFields} /> : null}
      <PolicyCheckPanel violations={shown.violations} />

      {formError ? (
        <div role="alert" className="flex items-start gap-2 rounded-lg border border-destructive/40 bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-300">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{formError}</span>
        </div>
      ) : null}

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end sm:gap-3">
        <Button type="button" variant="outline" onClick={() => void navigate('/expenses')} disabled={saving}>
          Cancelar
        </Button>
        <Button type="submit" disabled={saving || limitReached} aria-busy={saving || undefined}>
          {saving ? <Loader2 className="animate-spin" aria-hidden /> : null}
          {saving ? 'Guardando...' : 'Guardar Rendición'}
        </Button>
      </div>
    </form>
  );
}

import type { ReactNode } from 'react';
import { AlertTriangle, ShieldCheck, type LucideIcon } from 'lucide-react';
import type { UseFormReturn } from 'react-hook-form';
import { TIMBRE_FIELD_HINT } from '@client/components/expenses/receiptChecks';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { fieldId, type ExpenseField, type ExpenseFormContext, type ExpenseFormValues } from './expenseForm';

export type ExpenseFormApi = UseFormReturn<ExpenseFormValues, ExpenseFormContext>;

/** One card of the form: a titled group of fields, two columns from the sm breakpoint. */
export function Section({ title, description, icon: Icon, children }: { title: string; description?: string; icon: LucideIcon; children: ReactNode }) {
  const headingId = `seccion-${title.toLowerCase().normalize('NFD').replace(/[^a-z]+/g, '-')}`;
  return (
    <Card role="group" aria-labelledby={headingId}>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <CardTitle id={headingId} className="flex items-center gap-2 text-base sm:text-lg">
          <Icon className="h-5 w-5 text-primary" aria-hidden />
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="grid gap-4 p-4 pt-0 sm:grid-cols-2 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}

/** id, invalid state and the error's id for a control, so screen readers read the message. */
export function controlA11y(name: ExpenseField, error?: string, required = false) {
  const id = fieldId(name);
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    'aria-required': required || undefined,
  };
}

/** A short hint under a control. */
export function Hint({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="text-xs text-muted-foreground">
      {children}
    </p>
  );
}

/**
 * Fields whose current value is the one the receipt's analysis put there: 'timbre' when it came from the SII timbre,
 * 'review' when the reader was not sure of it (its confidence is not high).
 */
export type TimbreFields = ReadonlyMap<ExpenseField, 'timbre' | 'review'>;

/** Spanish hint next to a prefilled field the reader was unsure of. */
export const REVIEW_FIELD_HINT = 'Revisa este dato';

/** 'Timbre SII' next to a label whose value came from the receipt's timbre, 'Revisa este dato' when the reading was unsure. */
export function timbreHint(fields: TimbreFields | undefined, name: ExpenseField) {
  const kind = fields?.get(name);
  if (!kind) return undefined;
  if (kind === 'review')
    return (
      <span
        className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium leading-none text-amber-900 dark:bg-amber-900/40 dark:text-amber-200"
        title="La lectura del comprobante no es segura: compáralo con el documento"
        data-review-hint={name}
      >
        <AlertTriangle className="h-3 w-3" aria-hidden />
        {REVIEW_FIELD_HINT}
      </span>
    );
  return (
    <span
      className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2 py-0.5 text-[11px] font-medium leading-none text-green-800 dark:bg-green-900/40 dark:text-green-300"
      title="Dato leído del timbre electrónico del SII"
      data-timbre-hint={name}
    >
      <ShieldCheck className="h-3 w-3" aria-hidden />
      {TIMBRE_FIELD_HINT}
    </span>
  );
}

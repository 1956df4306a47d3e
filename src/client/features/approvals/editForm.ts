import type { FieldErrors, Resolver } from 'react-hook-form';
import type { CatalogItem } from '@shared/catalog';
import { normalizeCurrency, type DocumentType, type ExpenseView } from '@shared/expenses';
import { formatRut, isValidRut } from '@shared/rut';
import { computeAmountClp, NO_COST_CENTER, toPayload, validateExpense, type ExpenseFormValues } from '@client/features/new-expense/expenseForm';
import type { ExpenseEditBody } from './queries';

/** The creation form's values; cost center and CLP amount are carried but not shown in the edit. */
export type EditValues = ExpenseFormValues;
export type EditField = keyof EditValues;

/** Fields the edit shows; a server error on any other goes above the buttons. */
export const EDIT_FIELDS = ['date', 'amount', 'currency', 'exchangeRate', 'description', 'category', 'paymentMethod', 'documentType', 'invoiceNumber', 'taxId', 'address'] as const;
export type VisibleField = (typeof EDIT_FIELDS)[number];
export const isVisibleField = (name: string | undefined): name is VisibleField => !!name && (EDIT_FIELDS as readonly string[]).includes(name);

/** Stable ids for labels, errors and browser tests: `edit-amount`, `edit-taxId`, ... */
export const editId = (name: VisibleField) => `edit-${name}`;

/** The approval edit offers boleta, factura and recibo; an existing ticket stays selectable. */
export function documentTypeOptions(current: string): DocumentType[] {
  const base: DocumentType[] = ['boleta', 'factura', 'recibo'];
  return current === 'ticket' ? [...base, 'ticket'] : base;
}

const plainNumber = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : value;
};

export function valuesFromExpense(e: ExpenseView): EditValues {
  const currency = normalizeCurrency(e.currency) ?? 'CLP';
  return {
    date: e.date.slice(0, 10),
    documentType: (e.documentType as DocumentType) || 'boleta',
    amount: plainNumber(e.amount),
    currency,
    exchangeRate: currency === 'CLP' ? '' : plainNumber(e.exchangeRate),
    quotedRate: '',
    amountCLP: '',
    description: e.description,
    category: e.categoryId ?? '',
    paymentMethod: e.paymentMethodId ?? '',
    // Kept as it is: the edit does not show it, and leaving it out would clear it.
    costCenter: e.costCenterId ?? NO_COST_CENTER,
    invoiceNumber: e.invoiceNumber ?? '',
    taxId: e.taxId ? (isValidRut(e.taxId) ? formatRut(e.taxId) : e.taxId) : '',
    address: e.address ?? '',
  };
}

/** What PATCH /api/admin/expenses/{id} receives; the server recomputes the CLP amount. */
export function toEditBody(v: EditValues): ExpenseEditBody {
  const { amountCLP: _clp, ...body } = toPayload(v);
  return body;
}

/** The creation form's rules (required fields, factura data and category, shared schema). */
export function editResolver(categories: CatalogItem[]): Resolver<EditValues> {
  return (values) => {
    const found = validateExpense({ ...values, amountCLP: computeAmountClp(values.amount, values.currency, values.exchangeRate) }, categories);
    const errors: FieldErrors<EditValues> = {};
    for (const [name, message] of Object.entries(found)) {
      if (isVisibleField(name)) errors[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length ? { values: {}, errors } : { values, errors: {} };
  };
}

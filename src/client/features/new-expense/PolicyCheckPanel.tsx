import { useEffect, useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { PolicyCheckInput, PolicyViolation } from '@shared/approval-flow';
import { PolicyViolations } from '@client/components/expenses/PolicyViolations';
import { usePolicyCheck } from '@client/features/approval-flow/queries';
import type { ExpenseFormContext, ExpenseFormValues } from './expenseForm';

/** SHA-256 of the attached file (hex), as the server computes it: the same file filed twice is a duplicate. */
async function sha256(file: File): Promise<string | null> {
  if (typeof crypto === 'undefined' || !crypto.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

const number = (v: string | undefined) => {
  const n = Number(String(v ?? '').replace(',', '.'));
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/**
 * The company's policies (issue 20 item 3) checked while the form is filled, before sending: the server answers with
 * the same words it would refuse the filing with. Nothing until there is a date and an amount.
 */
export function useFormPolicyCheck(form: UseFormReturn<ExpenseFormValues, ExpenseFormContext>, file: File | null): PolicyViolation[] {
  const [date, amount, currency, exchangeRate, category, documentType, invoiceNumber, taxId] = useWatch({
    control: form.control,
    name: ['date', 'amount', 'currency', 'exchangeRate', 'category', 'documentType', 'invoiceNumber', 'taxId'],
  });
  // The hash belongs to the file it was computed from: a new file has none until its own is ready.
  const [hashed, setHashed] = useState<{ file: File; hash: string | null } | null>(null);
  useEffect(() => {
    let live = true;
    if (file) void sha256(file).then((hash) => live && setHashed({ file, hash })).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [file]);
  const hash = file && hashed?.file === file ? hashed.hash : null;

  const amountNumber = number(amount);
  const input: PolicyCheckInput | null =
    /^\d{4}-\d{2}-\d{2}$/.test(date ?? '') && amountNumber !== null && amountNumber <= 1e12
      ? {
          date,
          amount: amountNumber,
          currency: currency || 'CLP',
          exchangeRate: currency && currency !== 'CLP' ? number(exchangeRate) || null : null,
          category: category || null,
          hasReceipt: !!file,
          receiptSha256: hash,
          documentType: documentType || null,
          // As the filing sends them: the fiscal fields only for a factura.
          invoiceNumber: documentType === 'factura' ? invoiceNumber || null : null,
          taxId: documentType === 'factura' ? taxId || null : null,
        }
      : null;
  // Typing settles before asking: one check per pause, not per key.
  const [debounced, setDebounced] = useState(input);
  const key = JSON.stringify(input);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(input), 400);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the serialised input is the dependency
  }, [key]);
  return usePolicyCheck(debounced).data?.violations ?? NONE;
}

const NONE: PolicyViolation[] = [];

/** What the check found, above the buttons: red when the filing will be refused, amber for the approvers' warnings. */
export function PolicyCheckPanel({ violations }: { violations: readonly PolicyViolation[] }) {
  if (!violations.length) return null;
  const blocking = violations.some((v) => v.blocking);
  return <PolicyViolations violations={violations} title={blocking ? 'Esta rendición no cumple las políticas de tu empresa y no se podrá enviar así:' : 'Se enviará con estas advertencias para quien la apruebe:'} />;
}

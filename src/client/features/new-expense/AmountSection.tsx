import { useEffect, useMemo, useState } from 'react';
import { Coins } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { toClp } from '@shared/expenses';
import { currencyOptions } from '@shared/currencies';
import type { RateQuote } from '@shared/rates';
import { isCalendarDate } from '@shared/input';
import { apiGet } from '@client/lib/api';
import { qk } from '@client/lib/queryKeys';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { cn } from '@client/lib/utils';
import { AmountInput } from './AmountInput';
import { effectiveRate } from './expenseForm';
import { controlA11y, Hint, Section, timbreHint, type ExpenseFormApi, type TimbreFields } from './Section';

const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
const plain = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 4 });
const OPTIONS = currencyOptions();

/** The dated rate of the currency on the expense's date (server: provider, last known or default). */
function useRateQuote(currency: string, date: string) {
  const enabled = currency !== 'CLP' && isCalendarDate(date);
  return useQuery({
    queryKey: qk.exchangeRate(currency, date),
    queryFn: () => apiGet<RateQuote>(`/api/exchange-rates?currency=${encodeURIComponent(currency)}&date=${encodeURIComponent(date)}`),
    enabled,
    staleTime: 10 * 60_000,
    retry: 1,
  });
}

/**
 * Amount, currency, rate and the CLP amount. For a foreign currency the CLP amount is
 * round(amount × rate) and read-only; in CLP both amounts are the same number (part 1 §4-§5).
 */
/** The currency list's two groups: the usual ones first. */
const CURRENCY_GROUPS = [
  { label: 'Frecuentes', common: true },
  { label: 'Todas las monedas (ISO 4217)', common: false },
];

export function AmountSection({ form, timbreFields }: { form: ExpenseFormApi; timbreFields?: TimbreFields }) {
  const { errors } = form.formState;
  const [currency, amount, exchangeRate, quotedRate, date] = useWatch({ control: form.control, name: ['currency', 'amount', 'exchangeRate', 'quotedRate', 'date'] });
  const foreign = currency !== 'CLP';
  const quote = useRateQuote(currency, date);
  const quoted = foreign && quote.data ? (quote.data.rate ?? '') : '';
  useEffect(() => {
    if (quoted !== form.getValues('quotedRate')) form.setValue('quotedRate', quoted);
  }, [quoted, form]);
  const rate = effectiveRate(currency, exchangeRate, quotedRate);
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const q = search.trim().toLowerCase();
    const hits = q ? OPTIONS.filter((o) => o.label.toLowerCase().includes(q)) : OPTIONS;
    // The chosen currency stays selectable whatever the search.
    return hits.some((o) => o.code === currency) ? hits : [...OPTIONS.filter((o) => o.code === currency), ...hits];
  }, [search, currency]);
  const rateHint = !foreign
    ? null
    : exchangeRate.trim() !== ''
      ? 'Tasa ingresada por ti: se guarda con la rendición.'
      : quote.isLoading
        ? 'Buscando el tipo de cambio de la fecha…'
        : quote.data?.rate
          ? `Tasa ${plain.format(Number(quote.data.rate))} · ${quote.data.label}. Puedes escribir otra.`
          : quote.data
            ? quote.data.label
            : quote.isError
              ? 'No se pudo obtener el tipo de cambio: ingresa la tasa.'
              : null;
  const amountValue = Number(amount);
  const showCalc = foreign && amount !== '' && Number.isFinite(amountValue) && rate !== null;

  return (
    <Section title="Monto y moneda" icon={Coins} description={foreign ? 'El monto en CLP se calcula con el tipo de cambio.' : undefined}>
      <FormField id="expense-amount" label="Monto *" hint={timbreHint(timbreFields, 'amount')} error={errors.amount?.message}>
        <Controller
          control={form.control}
          name="amount"
          render={({ field }) => (
            <AmountInput currency={currency} placeholder="0" {...controlA11y('amount', errors.amount?.message, true)} name={field.name} inputRef={field.ref} value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
          )}
        />
      </FormField>
      <FormField id="expense-currency" label="Moneda" hint={timbreHint(timbreFields, 'currency')} error={errors.currency?.message}>
        <Input
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          placeholder="Buscar moneda (código o nombre)"
          aria-label="Buscar moneda"
          aria-controls="expense-currency"
          className="mb-2"
          data-currency-search
        />
        <NativeSelect
          {...controlA11y('currency', errors.currency?.message)}
          {...form.register('currency', {
            // A rate typed for the previous currency would be wrong for the new one.
            onChange: () => form.setValue('exchangeRate', ''),
          })}
        >
          {CURRENCY_GROUPS.map(({ label, common }) =>
            shown.some((o) => o.common === common) ? (
              <optgroup key={label} label={label}>
                {shown
                  .filter((o) => o.common === common)
                  .map((o) => (
                    <option key={o.code} value={o.code}>
                      {o.label}
                    </option>
                  ))}
              </optgroup>
            ) : null,
          )}
        </NativeSelect>
      </FormField>
      {foreign ? (
        <FormField id="expense-exchangeRate" label={`Tipo de cambio (CLP por 1 ${currency})`} error={errors.exchangeRate?.message}>
          <Input
            type="number"
            inputMode="decimal"
            step="0.0001"
            min="0"
            placeholder={quoted ? plain.format(Number(quoted)) : 'Ingresa la tasa'}
            {...controlA11y('exchangeRate', errors.exchangeRate?.message)}
            aria-describedby={errors.exchangeRate ? 'expense-exchangeRate-error' : 'expense-exchangeRate-hint'}
            {...form.register('exchangeRate')}
          />
          <Hint id="expense-exchangeRate-hint">
            <span data-rate-source>{rateHint}</span>
          </Hint>
        </FormField>
      ) : null}
      <FormField id="expense-amountCLP" label="Monto en CLP *" error={errors.amountCLP?.message}>
        <Controller
          control={form.control}
          name="amountCLP"
          render={({ field }) => (
            <AmountInput
              currency="CLP"
              placeholder="0"
              readOnly={foreign}
              className={cn(foreign && 'cursor-default bg-muted')}
              {...controlA11y('amountCLP', errors.amountCLP?.message, true)}
              aria-readonly={foreign || undefined}
              aria-describedby={errors.amountCLP ? 'expense-amountCLP-error' : foreign ? 'expense-amountCLP-hint' : undefined}
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(plain) => {
                field.onChange(plain);
                // In CLP the two amounts are one number: typing here updates the amount.
                if (!foreign) form.setValue('amount', plain, { shouldValidate: form.formState.isSubmitted });
              }}
            />
          )}
        />
        {foreign ? (
          <Hint id="expense-amountCLP-hint">
            {showCalc
              ? `Calculado automáticamente: ${plain.format(amountValue)} ${currency} × ${plain.format(rate)} = ${clp.format(toClp(amountValue, rate))}`
              : 'Se calcula automáticamente con el monto y el tipo de cambio.'}
          </Hint>
        ) : null}
      </FormField>
    </Section>
  );
}

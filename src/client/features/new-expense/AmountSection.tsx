import { Coins } from 'lucide-react';
import { Controller, useWatch } from 'react-hook-form';
import { CURRENCIES, CURRENCY_LABELS, DEFAULT_RATES, toClp } from '@shared/expenses';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { cn } from '@client/lib/utils';
import { AmountInput } from './AmountInput';
import { effectiveRate } from './expenseForm';
import { controlA11y, Hint, Section, timbreHint, type ExpenseFormApi, type TimbreFields } from './Section';

const clp = new Intl.NumberFormat('es-CL', { style: 'currency', currency: 'CLP', maximumFractionDigits: 0 });
const plain = new Intl.NumberFormat('es-CL', { maximumFractionDigits: 4 });

/**
 * Amount, currency, rate and the CLP amount. For a foreign currency the CLP amount is
 * round(amount × rate) and read-only; in CLP both amounts are the same number (part 1 §4-§5).
 */
export function AmountSection({ form, timbreFields }: { form: ExpenseFormApi; timbreFields?: TimbreFields }) {
  const { errors } = form.formState;
  const [currency, amount, exchangeRate] = useWatch({ control: form.control, name: ['currency', 'amount', 'exchangeRate'] });
  const foreign = currency !== 'CLP';
  const rate = effectiveRate(currency, exchangeRate);
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
        <NativeSelect
          {...controlA11y('currency', errors.currency?.message)}
          {...form.register('currency', {
            // A rate typed for the previous currency would be wrong for the new one.
            onChange: () => form.setValue('exchangeRate', ''),
          })}
        >
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {CURRENCY_LABELS[c]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {foreign ? (
        <FormField id="expense-exchangeRate" label={`Tipo de cambio (CLP por 1 ${currency})`} error={errors.exchangeRate?.message}>
          <Input
            type="number"
            inputMode="decimal"
            step="0.0001"
            min="0"
            placeholder={String(DEFAULT_RATES[currency])}
            {...controlA11y('exchangeRate', errors.exchangeRate?.message)}
            aria-describedby={errors.exchangeRate ? 'expense-exchangeRate-error' : 'expense-exchangeRate-hint'}
            {...form.register('exchangeRate')}
          />
          <Hint id="expense-exchangeRate-hint">En blanco se usa la tasa automática ({plain.format(DEFAULT_RATES[currency])}).</Hint>
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

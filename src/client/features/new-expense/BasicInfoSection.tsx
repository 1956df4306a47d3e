import { CalendarDays } from 'lucide-react';
import { DOCUMENT_TYPES, DOCUMENT_TYPE_LABELS } from '@shared/expenses';
import { FormField } from '@client/components/ui/form-field';
import { Input } from '@client/components/ui/input';
import { NativeSelect } from '@client/components/ui/native-select';
import { controlA11y, Section, timbreHint, type ExpenseFormApi, type TimbreFields } from './Section';

export function BasicInfoSection({ form, timbreFields }: { form: ExpenseFormApi; timbreFields?: TimbreFields }) {
  const { errors } = form.formState;
  return (
    <Section title="Información básica" icon={CalendarDays}>
      <FormField id="expense-date" label="Fecha *" hint={timbreHint(timbreFields, 'date')} error={errors.date?.message}>
        <Input type="date" {...controlA11y('date', errors.date?.message, true)} {...form.register('date')} />
      </FormField>
      <FormField id="expense-documentType" label="Tipo de documento *" hint={timbreHint(timbreFields, 'documentType')} error={errors.documentType?.message}>
        <NativeSelect {...controlA11y('documentType', errors.documentType?.message, true)} {...form.register('documentType')}>
          <option value="" disabled>
            Selecciona el tipo
          </option>
          {DOCUMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {DOCUMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </Section>
  );
}

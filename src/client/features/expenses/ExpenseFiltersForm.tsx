import type { FormEvent, ReactNode } from 'react';
import { FilterX, Search } from 'lucide-react';
import { EXPENSE_STATUSES, STATUS_LABELS } from '@shared/expenses';
import { Button } from '@client/components/ui/button';
import { Card, CardContent } from '@client/components/ui/card';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { NativeSelect } from '@client/components/ui/native-select';
import { categoryLabel } from '@client/components/expenses/CategoryIcon';
import { cn } from '@client/lib/utils';
import { fullName, type CategoryOption, type CompanyUserOption, type ExpenseFilterValues } from './queries';

interface Props {
  values: ExpenseFilterValues;
  onChange: (values: ExpenseFilterValues) => void;
  onSearch: () => void;
  onClear: () => void;
  categories: CategoryOption[];
  /** Admins only; undefined hides the user selector. */
  users?: CompanyUserOption[];
  error: string | null;
  isSearching: boolean;
}

function Field({ id, label, children, className }: { id: string; label: string; children: ReactNode; className?: string }) {
  return (
    <div className={cn('space-y-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** Status, category, date range and (admins) user; Enter or Buscar runs the search. */
export function ExpenseFiltersForm({ values, onChange, onSearch, onClear, categories, users, error, isSearching }: Props) {
  const set = (key: keyof ExpenseFilterValues) => (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch();
  };

  return (
    <Card>
      <CardContent className="p-4 sm:p-6">
        <form onSubmit={submit} aria-label="Filtros de rendiciones" noValidate>
          <div className={cn('grid grid-cols-1 gap-3 sm:grid-cols-2 sm:gap-4', users ? 'lg:grid-cols-3' : 'lg:grid-cols-4')}>
            {users && (
              <Field id="filter-user" label="Usuario">
                <NativeSelect id="filter-user" value={values.userId} onChange={set('userId')}>
                  <option value="all">Todos los usuarios</option>
                  {users.map((u) => (
                    <option key={u.id} value={u.id}>
                      {fullName(u)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            )}
            <Field id="filter-status" label="Estado">
              <NativeSelect id="filter-status" value={values.status} onChange={set('status')}>
                <option value="all">Todos</option>
                {EXPENSE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATUS_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="filter-category" label="Categoría">
              <NativeSelect id="filter-category" value={values.category} onChange={set('category')}>
                <option value="all">Todas las categorías</option>
                {categories.map((c) => (
                  <option key={c.id} value={c.id}>
                    {categoryLabel(c.name)}
                    {c.isActive ? '' : ' (inactiva)'}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <Field id="filter-startDate" label="Desde">
              <Input
                id="filter-startDate"
                type="date"
                value={values.startDate}
                max={values.endDate || undefined}
                onChange={set('startDate')}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'filter-dates-error' : undefined}
              />
            </Field>
            <Field id="filter-endDate" label="Hasta">
              <Input
                id="filter-endDate"
                type="date"
                value={values.endDate}
                min={values.startDate || undefined}
                onChange={set('endDate')}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'filter-dates-error' : undefined}
              />
            </Field>
            {/* The buttons need more room than one column between lg and xl: there they take a row of their own. */}
            <div className={cn('flex flex-col gap-2 sm:flex-row sm:items-end sm:self-end', users ? 'lg:col-span-3 xl:col-span-1' : 'lg:col-span-4')}>
              <Button type="submit" disabled={isSearching} className="sm:flex-1 lg:flex-none">
                <Search aria-hidden />
                Buscar
              </Button>
              <Button type="button" variant="outline" onClick={onClear} className="sm:flex-1 lg:flex-none">
                <FilterX aria-hidden />
                Limpiar Filtros
              </Button>
            </div>
          </div>
          {error && (
            <p id="filter-dates-error" role="alert" className="mt-3 text-sm text-destructive">
              {error}
            </p>
          )}
        </form>
      </CardContent>
    </Card>
  );
}

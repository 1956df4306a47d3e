import { Controller, type UseFormReturn } from 'react-hook-form';
import { Checkbox } from '@client/components/ui/checkbox';
import { Input } from '@client/components/ui/input';
import { Label } from '@client/components/ui/label';
import { cn } from '@client/lib/utils';
import type { CatalogDraft, CatalogPayload, CatalogResource } from './resources';

/** Column templates (static strings so Tailwind sees them), by number of text fields. */
export const FIELD_COLUMNS: Record<number, string> = {
  2: 'md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]',
  3: 'md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_minmax(0,2fr)]',
};

export type CatalogForm = UseFormReturn<CatalogDraft, unknown, CatalogPayload>;

/**
 * The text inputs of one resource, ids `{mode}-{idPrefix}-{field}` (new-category-name,
 * edit-cost-center-code).
 */
export function CatalogFields({
  resource,
  form,
  mode,
}: {
  resource: CatalogResource;
  form: CatalogForm;
  mode: 'new' | 'edit';
}) {
  const { errors } = form.formState;
  const flag = resource.flag;
  const flagId = flag ? `${mode}-${resource.idPrefix}-${flag.field}` : '';
  return (
    <>
    <div className={cn('grid grid-cols-1 gap-3', FIELD_COLUMNS[resource.fields.length])}>
      {resource.fields.map(({ field, label, placeholder }) => {
        const id = `${mode}-${resource.idPrefix}-${field}`;
        const error = errors[field]?.message;
        const required = field === resource.primary.field;
        return (
          <div key={field} className="space-y-1.5">
            <Label htmlFor={id}>
              {label}
              {required ? (
                <span className="text-destructive" aria-hidden>
                  {' '}
                  *
                </span>
              ) : null}
            </Label>
            <Input
              id={id}
              placeholder={placeholder}
              autoComplete="off"
              aria-required={required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              {...form.register(field)}
            />
            {error ? (
              <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
    {flag ? (
      <div className="mt-3 flex items-start gap-2">
        <Controller
          control={form.control}
          name={flag.field}
          render={({ field }) => <Checkbox id={flagId} className="mt-0.5" checked={field.value} onCheckedChange={(v) => field.onChange(v === true)} aria-describedby={`${flagId}-hint`} />}
        />
        <div className="space-y-0.5">
          <Label htmlFor={flagId}>{flag.label}</Label>
          <p id={`${flagId}-hint`} className="text-xs text-muted-foreground">
            {flag.hint}
          </p>
        </div>
      </div>
    ) : null}
    </>
  );
}

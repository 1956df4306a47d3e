import { FileImage, Sparkles } from 'lucide-react';
import { formatCLP } from '@shared/format';

/** Sample values only: this is an illustration of the receipt reading, not live data. */
const SAMPLE_FIELDS = [
  { label: 'Monto', value: formatCLP(32500) },
  { label: 'Fecha', value: '14/03/2026' },
  { label: 'Categoría', value: 'Combustible' },
  { label: 'Tipo de documento', value: 'Boleta' },
];

/** Decorative hero picture of a receipt read by the AI. Hidden from assistive technology. */
export function ReceiptPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full min-w-0 max-w-md select-none">
      <div className="absolute -inset-4 -z-10 rounded-3xl bg-primary/10 blur-2xl" />
      <div className="rounded-2xl border bg-card p-5 shadow-xl sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <div className="flex min-w-0 items-center gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <FileImage className="size-5" />
            </span>
            <div className="min-w-0">
              <p className="truncate text-sm font-semibold">boleta-estacion.jpg</p>
              <p className="text-xs text-muted-foreground">Ejemplo de lectura</p>
            </div>
          </div>
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-green-100 px-2.5 py-1 text-xs font-semibold text-green-800 dark:bg-green-900/40 dark:text-green-300">
            <Sparkles className="size-3.5" />
            Analizado con IA
          </span>
        </div>

        <dl className="mt-5 grid grid-cols-2 gap-3">
          {SAMPLE_FIELDS.map((field) => (
            <div key={field.label} className="rounded-lg border bg-background px-3 py-2.5">
              <dt className="text-xs text-muted-foreground">{field.label}</dt>
              <dd className="mt-0.5 truncate text-sm font-semibold">{field.value}</dd>
            </div>
          ))}
        </dl>

        <div className="mt-5">
          <div className="flex items-center justify-between text-xs text-muted-foreground">
            <span>Confianza de la lectura</span>
            <span className="font-semibold text-foreground">96%</span>
          </div>
          <div className="mt-1.5 h-2 overflow-hidden rounded-full bg-muted">
            <div className="h-full w-[96%] rounded-full bg-primary" />
          </div>
        </div>

        <div className="mt-5 flex items-center justify-between rounded-lg bg-accent px-3 py-2.5 text-sm">
          <span className="text-slate-600 dark:text-slate-300">Estado</span>
          <span className="rounded-full bg-yellow-100 px-2.5 py-0.5 text-xs font-semibold text-yellow-800 dark:bg-yellow-900/40 dark:text-yellow-300">
            Pendiente de aprobación
          </span>
        </div>
      </div>
    </div>
  );
}

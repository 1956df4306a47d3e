import { Ban, TriangleAlert } from 'lucide-react';
import type { PolicyViolation } from '@shared/approval-flow';
import { cn } from '@client/lib/utils';

/** The company's policies an expense breaks: blocking ones (red) cannot be sent, warnings (amber) go to the approvers. */
export function PolicyViolations({ violations, title, className }: { violations: readonly PolicyViolation[]; title: string; className?: string }) {
  if (!violations.length) return null;
  const blocking = violations.some((v) => v.blocking);
  return (
    <div
      data-policy-violations
      role={blocking ? 'alert' : 'status'}
      className={cn(
        'rounded-md border px-3 py-2 text-sm',
        blocking ? 'border-red-200 bg-red-50 text-red-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-red-200' : 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-amber-200',
        className,
      )}
    >
      <p className="font-medium">{title}</p>
      <ul className="mt-1 space-y-1">
        {violations.map((v, i) => (
          <li key={`${v.code}-${i}`} className="flex items-start gap-2">
            {v.blocking ? <Ban className="mt-0.5 h-4 w-4 shrink-0" aria-hidden /> : <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />}
            <span>
              {v.message}
              <span className="sr-only">{v.blocking ? ' (impide enviar)' : ' (advertencia)'}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

import { AlertTriangle, ShieldAlert, ShieldCheck } from 'lucide-react';
import type { ReceiptFlag, TimbreSummary } from '@shared/receipts';
import { cn } from '@client/lib/utils';
import {
  flagReference,
  flagsLabel,
  normalizeFlags,
  normalizeTimbre,
  saveAnywayText,
  TIMBRE_INVALID_TEXT,
  TIMBRE_VALID_TEXT,
  timbreDetails,
  timbreProblem,
  visibleFlags,
  warningCount,
} from './receiptChecks';

const WARNING_BOX = 'flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:border-amber-700/60 dark:bg-amber-950/40 dark:text-amber-200';

function TimbreStatus({ timbre, flags }: { timbre: TimbreSummary; flags: readonly ReceiptFlag[] }) {
  const details = timbreDetails(timbre);
  if (timbre.signatureValid) {
    return (
      <div className="flex flex-col gap-1 sm:flex-row sm:flex-wrap sm:items-center sm:gap-2">
        <span className="inline-flex w-fit items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 dark:bg-green-900/40 dark:text-green-300">
          <ShieldCheck className="h-3.5 w-3.5 shrink-0" aria-hidden />
          {TIMBRE_VALID_TEXT}
        </span>
        {details ? <span className="break-words text-xs text-muted-foreground">{details}</span> : null}
      </div>
    );
  }
  return (
    <div className="flex items-start gap-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 dark:border-red-800/60 dark:bg-red-950/40 dark:text-red-200">
      <ShieldAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <div className="min-w-0 space-y-0.5">
        <p className="font-semibold">{TIMBRE_INVALID_TEXT}</p>
        <p className="break-words">{timbreProblem(timbre, flags)}</p>
        {details ? <p className="break-words text-xs opacity-80">{details}</p> : null}
      </div>
    </div>
  );
}

interface Props {
  /** ExpenseView.timbre or the analysis answer's; undefined for old data. */
  timbre?: unknown;
  /** ExpenseView.receiptFlags or the analysis answer's flags; undefined for old data. */
  flags?: unknown;
  /** 'form': the employee filing it (saving is still allowed); 'review': admin card and detail. */
  context?: 'form' | 'review';
  className?: string;
}

/** The SII timbre badge and the receipt warnings (duplicates, total mismatch). Renders nothing when there is neither. */
export function ReceiptChecks({ timbre: rawTimbre, flags: rawFlags, context = 'review', className }: Props) {
  const timbre = normalizeTimbre(rawTimbre);
  const flags = normalizeFlags(rawFlags);
  const listed = visibleFlags(flags, timbre);
  if (!timbre && !listed.length) return null;
  const warnings = warningCount(flags, timbre);

  return (
    <div className={cn('space-y-2', className)} data-receipt-checks>
      {timbre ? <TimbreStatus timbre={timbre} flags={flags} /> : null}
      {listed.length ? (
        <ul className="space-y-2" aria-label="Advertencias del comprobante">
          {listed.map((flag, i) => {
            const ref = flagReference(flag);
            return (
              <li key={`${flag.code}-${i}`} className={WARNING_BOX} data-flag={flag.code}>
                <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0 text-amber-600 dark:text-amber-400" aria-hidden />
                <span className="min-w-0 break-words">
                  {flag.message}
                  {ref ? <span className="font-medium"> ({ref})</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
      {context === 'form' && warnings > 0 ? <p className="text-xs text-muted-foreground">{saveAnywayText(warnings)}</p> : null}
    </div>
  );
}

/** A small warning icon for a list row whose receipt has flags; nothing otherwise. */
export function ReceiptFlagsIcon({ flags: rawFlags, className }: { flags?: unknown; className?: string }) {
  const flags = normalizeFlags(rawFlags);
  if (!flags.length) return null;
  const label = flagsLabel(flags);
  return (
    <span role="img" aria-label={label} title={label} className={cn('inline-flex shrink-0 align-middle text-amber-600 dark:text-amber-400', className)} data-receipt-flags>
      <AlertTriangle className="h-4 w-4" aria-hidden />
    </span>
  );
}

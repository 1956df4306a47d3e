import { Gauge, ZoomIn } from 'lucide-react';
import { ReceiptChecks } from '@client/components/expenses/ReceiptChecks';
import { confidenceLevel, confidenceText, LOW_CONFIDENCE_ADVICE } from '@client/components/expenses/receiptChecks';
import { cn } from '@client/lib/utils';
import type { AnalysisFindings } from './analysis';

const SMALL_PRINT_ADVICE = 'La letra de la foto es muy pequeña para leerla bien: revisa cada dato o toma la foto más de cerca, con el recibo llenando la imagen.';

const LEVEL_TEXT = {
  alta: 'text-green-700 dark:text-green-400',
  media: 'text-amber-700 dark:text-amber-400',
  baja: 'text-red-700 dark:text-red-400',
} as const;

/** Under the upload: how sure the reading is, a photo too small to read well, the SII timbre and the warnings (duplicates, total mismatch). */
export function AnalysisPanel({ findings }: { findings: AnalysisFindings }) {
  const level = confidenceLevel(findings.confidence);
  return (
    <section aria-label="Resultado del análisis del recibo" className="space-y-2 rounded-lg border bg-muted/30 p-3" data-analysis-panel>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
        <Gauge className={cn('h-4 w-4 shrink-0', LEVEL_TEXT[level])} aria-hidden />
        <span className={cn('font-medium', LEVEL_TEXT[level])}>{confidenceText(findings.confidence)}</span>
        {level === 'baja' ? <span className="text-muted-foreground">{LOW_CONFIDENCE_ADVICE}</span> : null}
      </p>
      {findings.smallPrint ? (
        <p className="flex items-start gap-2 text-sm text-amber-700 dark:text-amber-400" data-small-print>
          <ZoomIn className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{SMALL_PRINT_ADVICE}</span>
        </p>
      ) : null}
      <ReceiptChecks timbre={findings.timbre} flags={findings.flags} context="form" />
    </section>
  );
}

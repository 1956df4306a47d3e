import { useId, useState } from 'react';
import { Eye, EyeOff, FileText, ExternalLink, ImageOff, FileX } from 'lucide-react';
import type { ExpenseView } from '@shared/expenses';
import { Button } from '@client/components/ui/button';
import { ReceiptReplace } from './ReceiptReplace';

/** The receipt URL never changes when the file is replaced, so the version defeats the browser cache. */
export function receiptSrc(expense: Pick<ExpenseView, 'receiptUrl' | 'updatedAt'>): string | null {
  return expense.receiptUrl ? `${expense.receiptUrl}?v=${encodeURIComponent(expense.updatedAt)}` : null;
}

/** 'Ver Comprobante' / 'Ocultar'; without a receipt, 'Sin comprobante' (part 1 §2). */
export function ReceiptToggle({ expense, open, onToggle, controls }: { expense: ExpenseView; open: boolean; onToggle: () => void; controls: string }) {
  if (!expense.receiptUrl) {
    return (
      <Button type="button" variant="outline" size="sm" disabled aria-disabled>
        <FileX aria-hidden />
        Sin comprobante
      </Button>
    );
  }
  return (
    <Button type="button" variant="outline" size="sm" onClick={onToggle} aria-expanded={open} aria-controls={controls}>
      {open ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
      {open ? 'Ocultar' : 'Ver Comprobante'}
    </Button>
  );
}

/**
 * The opened receipt: an image (full size in a new tab on click), a link for a PDF, or, when the
 * image cannot be loaded, 'Comprobante no disponible' with a control to upload a new one.
 */
export function ReceiptView({ expense, id }: { expense: ExpenseView; id: string }) {
  const src = receiptSrc(expense);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  if (!src) {
    return (
      <div id={id} className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
        Sin comprobante adjunto
      </div>
    );
  }

  if (expense.receiptMime === 'application/pdf') {
    return (
      <div id={id} className="rounded-lg border bg-muted/30 p-4">
        <Button asChild variant="outline">
          <a href={src} target="_blank" rel="noopener noreferrer">
            <FileText aria-hidden />
            Ver comprobante PDF
            <ExternalLink aria-hidden />
          </a>
        </Button>
      </div>
    );
  }

  if (failedSrc === src) {
    return (
      <div id={id} className="space-y-3 rounded-lg border border-dashed border-amber-300 bg-amber-50 p-4 dark:border-amber-900/60 dark:bg-amber-950/30">
        <p className="flex items-center gap-2 text-sm font-medium text-amber-900 dark:text-amber-200" role="status">
          <ImageOff className="h-5 w-5 shrink-0" aria-hidden />
          Comprobante no disponible
        </p>
        <ReceiptReplace expenseId={expense.id} expenseNumber={expense.expenseNumber} />
      </div>
    );
  }

  return (
    <div id={id} className="rounded-lg border bg-muted/30 p-2">
      <a
        href={src}
        target="_blank"
        rel="noopener noreferrer"
        className="block rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        title="Abrir el comprobante en una pestaña nueva"
      >
        <img
          src={src}
          alt={`Comprobante de la rendición N° ${expense.expenseNumber} (abrir en una pestaña nueva)`}
          className="mx-auto max-h-96 w-auto rounded-md object-contain"
          onError={() => setFailedSrc(src)}
        />
      </a>
    </div>
  );
}

/** Toggle state plus the id tying the button to the panel. */
export function useReceiptToggle() {
  const [open, setOpen] = useState(false);
  const id = useId();
  return { open, toggle: () => setOpen((v) => !v), id: `receipt-${id.replace(/:/g, '')}` };
}

import { useRef, useState, type DragEvent } from 'react';
import { AlertTriangle, FileText, Loader2, RotateCw, Sparkles, Trash2, Upload } from 'lucide-react';
import { RECEIPT_TYPES } from '@shared/expenses';
import type { ReceiptFlag } from '@shared/receipts';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/lib/utils';
import { AnalysisPanel } from './AnalysisPanel';
import { fieldId } from './expenseForm';
import type { useReceipt } from './useReceipt';

type Receipt = ReturnType<typeof useReceipt>;

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1).replace('.', ',')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * Optional receipt: drop it on the area or pick it with the button; analysis starts at once. `flags`: the analysis's
 * warnings still to show here (the form moves a blocking duplicate to its policy panel).
 */
export function ReceiptUpload({ receipt, flags, disabled }: { receipt: Receipt; flags?: readonly ReceiptFlag[]; disabled?: boolean }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const id = fieldId('receipt');

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) void receipt.select(e.dataTransfer.files?.[0]);
  };
  const onDragOver = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!dragging) setDragging(true);
  };

  return (
    <Card>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-4">
        <CardTitle className="text-base sm:text-lg">Comprobante</CardTitle>
        <CardDescription>Opcional. Sube una foto o PDF del recibo y lo analizamos con IA para completar los datos.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3 p-4 pt-0 sm:p-6 sm:pt-0">
        <input
          ref={inputRef}
          id={id}
          type="file"
          accept={RECEIPT_TYPES.join(',')}
          className="sr-only"
          tabIndex={-1}
          aria-label="Comprobante (JPG, PNG, WebP o PDF)"
          aria-describedby={receipt.error ? `${id}-error` : undefined}
          disabled={disabled}
          onChange={(e) => {
            void receipt.select(e.target.files?.[0]);
            e.target.value = ''; // the same file can be chosen again after removing it
          }}
        />
        {receipt.file ? (
          <div className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center">
            {receipt.previewUrl ? (
              <img src={receipt.previewUrl} alt={`Vista previa de ${receipt.file.name}`} className="h-32 w-full rounded-md border bg-muted object-contain sm:h-20 sm:w-20" />
            ) : (
              <div className="flex h-20 w-full items-center justify-center rounded-md border bg-muted sm:w-20" aria-hidden>
                <FileText className="h-9 w-9 text-red-600" />
              </div>
            )}
            <div className="min-w-0 flex-1 space-y-1">
              <p className="truncate text-sm font-medium" title={receipt.file.name}>
                {receipt.file.name}
              </p>
              <p className="text-xs text-muted-foreground">
                {receipt.kind === 'pdf' ? 'PDF' : 'Imagen'} · {formatSize(receipt.file.size)}
              </p>
              <div aria-live="polite" className="min-h-5 text-sm">
                {receipt.analyzing ? (
                  <span className="inline-flex items-center gap-2 text-primary">
                    <Loader2 className="h-4 w-4 animate-spin" aria-hidden />
                    Analizando recibo con IA...
                  </span>
                ) : receipt.analyzedConfidence !== null ? (
                  <Badge variant="success" className="gap-1">
                    <Sparkles className="h-3 w-3" aria-hidden />
                    Información extraída automáticamente · {receipt.analyzedConfidence}%
                  </Badge>
                ) : receipt.analysisFailure ? (
                  <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="inline-flex items-start gap-1.5 text-amber-700 dark:text-amber-400">
                      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
                      <span data-analysis-failure>{receipt.analysisFailure.reason}</span>
                    </span>
                    {receipt.analysisFailure.retryable ? (
                      <Button type="button" variant="link" size="sm" className="h-auto p-0" onClick={receipt.retry} disabled={disabled}>
                        <RotateCw aria-hidden />
                        Reintentar análisis
                      </Button>
                    ) : null}
                  </span>
                ) : null}
              </div>
            </div>
            <div className="flex gap-2 sm:flex-col">
              <Button type="button" variant="outline" size="sm" className="flex-1 sm:flex-none" onClick={() => inputRef.current?.click()} disabled={disabled}>
                <Upload aria-hidden />
                Cambiar
              </Button>
              <Button type="button" variant="outline" size="sm" className="flex-1 text-destructive hover:text-destructive sm:flex-none" onClick={receipt.remove} disabled={disabled}>
                <Trash2 aria-hidden />
                Eliminar archivo
              </Button>
            </div>
          </div>
        ) : (
          <div
            onDragOver={onDragOver}
            onDragEnter={onDragOver}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            className={cn(
              'flex flex-col items-center gap-3 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors',
              dragging ? 'border-primary bg-accent' : 'border-border',
            )}
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent text-primary" aria-hidden>
              <Upload className="h-6 w-6" />
            </span>
            <div className="space-y-1">
              <p className="text-sm font-medium">
                <span className="hidden sm:inline">Arrastra el comprobante aquí o selecciónalo</span>
                <span className="sm:hidden">Sube una foto o PDF del comprobante</span>
              </p>
              <p className="text-xs text-muted-foreground">JPG, PNG, WebP o PDF · máximo 10MB</p>
            </div>
            <Button type="button" variant="outline" onClick={() => inputRef.current?.click()} disabled={disabled}>
              Seleccionar archivo
            </Button>
          </div>
        )}
        {receipt.file && !receipt.analyzing && receipt.findings ? <AnalysisPanel findings={flags ? { ...receipt.findings, flags: [...flags] } : receipt.findings} /> : null}
        {receipt.error ? (
          <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
            {receipt.error}
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}

import { useId, useRef, useState } from 'react';
import { Loader2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { EXPENSE_MSG, RECEIPT_MAX_BYTES, RECEIPT_TYPES } from '@shared/expenses';
import { Button } from '@client/components/ui/button';
import { sniffReceipt } from '@client/features/new-expense/useReceipt';
import { serverExplanation, useReplaceReceipt } from './queries';

const MIME_OK = /^(image\/(jpeg|jpg|pjpeg|png|webp)|application\/pdf)$/i;
const EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;

/** Size, declared type and the file's first bytes (the server applies the same byte rule). */
export async function receiptProblem(file: File): Promise<string | null> {
  if (file.size > RECEIPT_MAX_BYTES) return EXPENSE_MSG.fileTooLarge;
  const declaredOk = file.type ? MIME_OK.test(file.type) : EXTENSIONS.test(file.name);
  const kind = declaredOk ? await sniffReceipt(file).catch(() => null) : null;
  return kind ? null : EXPENSE_MSG.fileType;
}

/** Picks a new receipt and uploads it at once (PATCH /api/expenses/{id}/receipt). */
export function ReceiptReplace({ expenseId, expenseNumber, label = 'Subir nuevo comprobante' }: { expenseId: string; expenseNumber: number; label?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const upload = useReplaceReceipt(expenseId);
  const errorId = useId();
  const hintId = useId();

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const problem = await receiptProblem(file);
    if (problem) {
      setError(problem);
      toast.error(problem === EXPENSE_MSG.fileTooLarge ? 'Archivo muy grande' : 'Archivo no válido', { description: problem });
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: () => toast.success('Comprobante Actualizado', { description: `El comprobante de la rendición N° ${expenseNumber} fue reemplazado.` }),
      onError: (err) => {
        const message = serverExplanation(err) ?? 'Error al subir el comprobante';
        setError(message);
        toast.error('Error al subir el comprobante', message !== 'Error al subir el comprobante' ? { description: message } : undefined);
      },
    });
  };

  return (
    <div className="space-y-1.5">
      <input
        ref={inputRef}
        type="file"
        accept={RECEIPT_TYPES.join(',')}
        className="sr-only"
        // Reached through the button below; hidden so assistive tech does not meet the control twice.
        tabIndex={-1}
        aria-hidden
        disabled={upload.isPending}
        onChange={(e) => {
          void choose(e.target.files?.[0]);
          e.target.value = ''; // the same file can be chosen again after an error
        }}
      />
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={() => inputRef.current?.click()}
        disabled={upload.isPending}
        aria-busy={upload.isPending || undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
      >
        {upload.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
        {upload.isPending ? 'Subiendo...' : label}
      </Button>
      <p id={hintId} className="text-xs text-muted-foreground">
        JPG, PNG, WebP o PDF, máximo 10MB.
      </p>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

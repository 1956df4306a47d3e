import { useState } from 'react';
import { ExternalLink, FileText, ImageOff } from 'lucide-react';
import { Button } from '@client/components/ui/button';

/**
 * The receipt in the detail dialog: an image opens full size in a new tab, a PDF gets a link
 * (an <img> cannot show it), and a missing file says so.
 */
export function ReceiptPreview({ url, mime, expenseNumber }: { url: string | null; mime: string | null; expenseNumber: number }) {
  const [failed, setFailed] = useState<string | null>(null);

  if (!url) return <p className="text-sm text-muted-foreground">Sin comprobante</p>;

  if (mime === 'application/pdf') {
    return (
      <Button asChild variant="outline">
        <a href={url} target="_blank" rel="noopener noreferrer">
          <FileText aria-hidden />
          Ver comprobante PDF
          <ExternalLink aria-hidden />
        </a>
      </Button>
    );
  }

  if (failed === url) {
    return (
      <div className="flex items-center gap-2 rounded-md border border-dashed p-4 text-sm text-muted-foreground" role="status">
        <ImageOff className="h-5 w-5 shrink-0" aria-hidden />
        No se pudo cargar la imagen
      </div>
    );
  }

  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="block overflow-hidden rounded-md border bg-muted/30 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      title="Abrir el comprobante en una pestaña nueva"
    >
      <img
        src={url}
        alt={`Comprobante de la rendición N° ${expenseNumber} (abrir en una pestaña nueva)`}
        className="mx-auto max-h-80 w-auto object-contain"
        onError={() => setFailed(url)}
      />
    </a>
  );
}

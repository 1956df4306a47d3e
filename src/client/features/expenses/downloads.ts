import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { apiGet } from '@client/lib/api';
import type { ComprobanteData, PdfImage } from './pdf';

export const PDF_ERROR = 'Error al generar el PDF. Por favor, intenta nuevamente.';
export const EXPORT_ERROR = 'Error al exportar';

// Content width of the comprobante (180 mm) in CSS pixels; WebP is redrawn at twice that (part 1 §9: scale 2).
const DISPLAY_PX = Math.round((180 / 25.4) * 96);

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('No se pudo leer el comprobante'));
    reader.readAsDataURL(blob);
  });
}

async function decode(src: string): Promise<HTMLImageElement> {
  const img = new Image();
  img.src = src;
  await img.decode();
  return img;
}

/**
 * The receipt as jsPDF can embed it: JPEG and PNG as they are, anything else (WebP) redrawn on a
 * canvas at 2× and exported as PNG, since jsPDF cannot read it.
 */
export async function loadReceiptImage(url: string, mime: string): Promise<PdfImage> {
  const res = await fetch(url, { credentials: 'include' });
  if (!res.ok) throw new Error(`${res.status}: no se pudo descargar el comprobante`);
  const blob = await res.blob();
  const type = blob.type || mime;
  const dataUrl = await readAsDataUrl(blob);
  const img = await decode(dataUrl);
  if (type === 'image/jpeg' || type === 'image/png') {
    return { dataUrl, format: type === 'image/png' ? 'PNG' : 'JPEG', width: img.naturalWidth, height: img.naturalHeight };
  }
  const scale = (2 * Math.min(img.naturalWidth, DISPLAY_PX)) / img.naturalWidth;
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Canvas no disponible');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return { dataUrl: canvas.toDataURL('image/png'), format: 'PNG', width: canvas.width / 2, height: canvas.height / 2 };
}

/** Fetches the comprobante data, builds the PDF in the browser and saves it (part 1 §7). */
export async function downloadComprobante(expenseId: string): Promise<void> {
  try {
    const { expenseData } = await apiGet<{ htmlContent: string; expenseData: ComprobanteData }>(`/api/expenses/${expenseId}/pdf`, { noCache: true });
    const image =
      expenseData.receiptUrl && expenseData.receiptMime?.startsWith('image/') ? await loadReceiptImage(expenseData.receiptUrl, expenseData.receiptMime) : null;
    // jsPDF is large; it loads only when someone asks for a PDF.
    const { buildComprobantePdf, comprobanteFileName } = await import('./pdf');
    const doc = buildComprobantePdf(expenseData, image);
    doc.save(comprobanteFileName(expenseData.expenseNumber, expenseData.companyName));
  } catch (err) {
    console.error('Error al generar el PDF', err);
    alert(PDF_ERROR);
  }
}

/** PDF download with the id being generated, so its button can show a spinner and not be pressed twice. */
export function useComprobanteDownload(): { download: (expenseId: string) => void; pendingId: string | null } {
  const [pendingId, setPendingId] = useState<string | null>(null);
  const download = useCallback(
    (expenseId: string) => {
      if (pendingId) return;
      setPendingId(expenseId);
      void downloadComprobante(expenseId).finally(() => setPendingId(null));
    },
    [pendingId],
  );
  return { download, pendingId };
}

function todayIso(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Downloads the .xlsx of the given filters as `rendiciones_YYYY-MM-DD.xlsx` (today). */
export async function exportExpensesExcel(params: Record<string, string>): Promise<void> {
  const res = await fetch(`/api/expenses/export/excel?${new URLSearchParams({ ...params, _t: String(Date.now()) })}`, {
    credentials: 'include',
    cache: 'no-store',
  });
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`);
  saveBlob(await res.blob(), `rendiciones_${todayIso()}.xlsx`);
}

export function useExcelExport(): { exportExcel: (params: Record<string, string>) => void; isExporting: boolean } {
  const [isExporting, setExporting] = useState(false);
  const exportExcel = useCallback(
    (params: Record<string, string>) => {
      if (isExporting) return;
      setExporting(true);
      exportExpensesExcel(params)
        .catch((err: unknown) => {
          console.error('Error al exportar', err);
          toast.error(EXPORT_ERROR);
        })
        .finally(() => setExporting(false));
    },
    [isExporting],
  );
  return { exportExcel, isExporting };
}

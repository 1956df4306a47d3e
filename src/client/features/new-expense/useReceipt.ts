import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import { EXPENSE_MSG, RECEIPT_MAX_BYTES } from '@shared/expenses';
import { ApiError, apiRequest } from '@client/lib/api';
import { warningCount } from '@client/components/expenses/receiptChecks';
import type { AnalysisFindings, ReceiptAnalysis } from './analysis';

export type ReceiptKind = 'image' | 'pdf';

const EXTENSIONS = /\.(jpe?g|png|webp|pdf)$/i;
const MIME_OK = /^(image\/(jpeg|jpg|pjpeg|png|webp)|application\/pdf)$/i;

/** The receipt's kind from its first bytes, the same rule the server applies (DECISIONS.md). */
export async function sniffReceipt(file: Blob): Promise<ReceiptKind | null> {
  const b = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const ascii = (from: number, to: number) => String.fromCharCode(...b.slice(from, to));
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image';
  if (b[0] === 0x89 && ascii(1, 4) === 'PNG') return 'image';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'image';
  if (ascii(0, 5) === '%PDF-') return 'pdf';
  return null;
}

/** Size, declared type and bytes; the toast says what is wrong. Null when the file is refused. */
async function checkReceipt(file: File): Promise<ReceiptKind | null> {
  if (file.size > RECEIPT_MAX_BYTES) {
    toast.error('Archivo muy grande', { description: EXPENSE_MSG.fileTooLarge });
    return null;
  }
  const declaredOk = file.type ? MIME_OK.test(file.type) : EXTENSIONS.test(file.name);
  const kind = declaredOk ? await sniffReceipt(file).catch(() => null) : null;
  if (!kind) {
    toast.error('Archivo no válido', { description: EXPENSE_MSG.fileType });
    return null;
  }
  return kind;
}

export interface ReceiptState {
  file: File | null;
  kind: ReceiptKind | null;
  previewUrl: string | null;
  analyzing: boolean;
  /** Confidence percentage of the last successful analysis of this file. */
  analyzedConfidence: number | null;
  /** What the last successful analysis of this file found (confidence, timbre, flags) for the result panel. */
  findings: AnalysisFindings | null;
  /** A server complaint about the file (e.g. its bytes), shown next to the upload area. */
  error: string | null;
  /** Why the last analysis of this file failed, and whether trying again may help (a busy or slow reader, the network). */
  analysisFailure: AnalysisFailure | null;
}

export interface AnalysisFailure {
  reason: string;
  retryable: boolean;
}

const EMPTY: ReceiptState = { file: null, kind: null, previewUrl: null, analyzing: false, analyzedConfidence: null, findings: null, error: null, analysisFailure: null };

/** A failed analysis in the user's words: the server's own reason when it gave one; retrying helps only when the reader was busy or slow, or the answer never came. */
export function describeAnalysisFailure(err: unknown): AnalysisFailure {
  if (err instanceof ApiError) {
    const retryable = err.status === 429 || err.status >= 500;
    // A 500's message is the server's apology, not a reason; a refusal (4xx) or a busy, slow reader (503) says why.
    if (err.serverMessage && (err.status < 500 || err.status === 503)) return { reason: err.serverMessage, retryable };
    return { reason: 'El servidor no pudo analizar el recibo. Inténtalo de nuevo en unos segundos.', retryable };
  }
  if (err instanceof TypeError) return { reason: 'No hay conexión con el servidor. Revisa tu conexión e inténtalo de nuevo.', retryable: true };
  return { reason: 'La respuesta del análisis no se pudo leer. Inténtalo de nuevo.', retryable: true };
}

/**
 * The attached receipt: validation, a preview URL and the AI analysis that starts on every
 * accepted file. `onAnalyzed` fills the form; it returns what the result panel and the toast show.
 * An answer for a file that was replaced or removed meanwhile is ignored.
 */
export function useReceipt(onAnalyzed: (data: ReceiptAnalysis) => AnalysisFindings) {
  const [state, setState] = useState<ReceiptState>(EMPTY);
  const generation = useRef(0);
  const previewRef = useRef<string | null>(null);
  const onAnalyzedRef = useRef(onAnalyzed);
  useEffect(() => {
    onAnalyzedRef.current = onAnalyzed;
  }, [onAnalyzed]);

  const releasePreview = useCallback(() => {
    if (previewRef.current) URL.revokeObjectURL(previewRef.current);
    previewRef.current = null;
  }, []);

  useEffect(
    () => () => {
      generation.current++;
      releasePreview();
    },
    [releasePreview],
  );

  const analyze = useCallback(async (file: File, gen: number) => {
    const body = new FormData();
    body.append('receipt', file);
    try {
      const res = await apiRequest<{ data?: ReceiptAnalysis | null }>('POST', '/api/receipts/analyze', body);
      if (gen !== generation.current) return;
      if (!res || typeof res !== 'object' || !res.data || typeof res.data !== 'object') throw new Error('empty analysis');
      const findings = onAnalyzedRef.current(res.data);
      const percent = findings.confidence;
      setState((s) => ({ ...s, analyzing: false, analyzedConfidence: percent, findings }));
      const warned = warningCount(findings.flags, findings.timbre) > 0 ? ' Hay advertencias sobre el comprobante.' : '';
      toast.success('Recibo Analizado', { description: `Información extraída automáticamente (confianza ${percent}%). Revisa los datos antes de guardar.${warned}` });
    } catch (err) {
      if (gen !== generation.current) return;
      setState((s) => ({ ...s, analyzing: false, analysisFailure: describeAnalysisFailure(err) }));
      toast.error('Error al Analizar', { description: 'No se pudo extraer información del recibo. Complete manualmente.' });
    }
  }, []);

  const select = useCallback(
    async (file: File | null | undefined) => {
      if (!file) return;
      const gen = ++generation.current;
      const kind = await checkReceipt(file);
      if (gen !== generation.current || !kind) return;
      releasePreview();
      const previewUrl = kind === 'image' ? URL.createObjectURL(file) : null;
      previewRef.current = previewUrl;
      setState({ file, kind, previewUrl, analyzing: true, analyzedConfidence: null, findings: null, error: null, analysisFailure: null });
      toast.success('Archivo Cargado', { description: file.name });
      void analyze(file, gen);
    },
    [analyze, releasePreview],
  );

  /** Reads the same file again after a failed analysis, without choosing it again. */
  const retry = useCallback(() => {
    const file = state.file;
    if (!file || state.analyzing) return;
    const gen = ++generation.current;
    setState((s) => ({ ...s, analyzing: true, analysisFailure: null }));
    void analyze(file, gen);
  }, [analyze, state.file, state.analyzing]);

  const remove = useCallback(() => {
    generation.current++;
    releasePreview();
    setState(EMPTY);
  }, [releasePreview]);

  const setError = useCallback((error: string | null) => setState((s) => ({ ...s, error })), []);

  return { ...state, select, retry, remove, setError };
}

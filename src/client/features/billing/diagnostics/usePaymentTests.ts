import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'sonner';
import { ApiError, apiGet, errorMessage } from '@client/lib/api';
import { submitCreate, useSubmitKey } from '@client/lib/idempotency';
import { toTestStatus, type TestStatus } from '../format';

/** Part 2 §3 Payment preference result, as the two test calls answer it. */
interface RawTestResult {
  status?: unknown;
  message?: string;
  details?: unknown;
  preferenceId?: string | null;
  initPoint?: string | null;
  testData?: unknown;
}

export type TestKind = 'connection' | 'preference';

export interface PaymentTestResult {
  kind: TestKind;
  status: TestStatus;
  message: string;
  preferenceId: string | null;
  initPoint: string | null;
  details: unknown;
  testData: unknown;
  at: Date;
}

const SUCCESS_TITLE: Record<TestKind, string> = { connection: 'Test Exitoso', preference: 'Preferencia Creada' };

/**
 * The connection test (GET /api/mercadopago/test) and the test preference (POST /api/mercadopago/test-preference),
 * sharing one result area (part 2 §2.12): the latest result wins.
 */
export function usePaymentTests() {
  const [result, setResult] = useState<PaymentTestResult | null>(null);

  function report(kind: TestKind, raw: RawTestResult) {
    const status = toTestStatus(raw.status);
    const message = raw.message || (status === 'success' ? 'Prueba completada.' : 'La prueba no devolvió un mensaje.');
    setResult({
      kind,
      status,
      message,
      preferenceId: raw.preferenceId ?? null,
      initPoint: raw.initPoint ?? null,
      details: raw.details,
      testData: raw.testData,
      at: new Date(),
    });
    if (status === 'success') toast.success(SUCCESS_TITLE[kind], { description: message });
    else if (status === 'warning') toast.warning('Test con advertencias', { description: message });
    else if (status === 'error') toast.error('Error en el Test', { description: message });
    else toast.info('Resultado desconocido', { description: message });
  }

  function failed(kind: TestKind, err: unknown) {
    const message = errorMessage(err, 'No se pudo completar la prueba.');
    setResult({
      kind,
      status: 'error',
      message,
      preferenceId: null,
      initPoint: null,
      details: err instanceof ApiError ? { httpStatus: err.status, respuesta: err.serverMessage || err.message } : undefined,
      testData: undefined,
      at: new Date(),
    });
    toast.error('Error en el Test', { description: message });
  }

  const connection = useMutation({
    mutationFn: () => apiGet<RawTestResult>('/api/mercadopago/test', { noCache: true }),
    onSuccess: (raw) => report('connection', raw),
    onError: (err) => failed('connection', err),
  });

  const keys = useSubmitKey();
  const preference = useMutation({
    mutationFn: (planId: string) => submitCreate<RawTestResult>(keys, '/api/mercadopago/test-preference', { planId }),
    onSuccess: (raw) => report('preference', raw),
    onError: (err) => failed('preference', err),
  });

  return { result, connection, preference };
}

export type PaymentTests = ReturnType<typeof usePaymentTests>;

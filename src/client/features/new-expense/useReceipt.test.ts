import { describe, expect, it } from 'vitest';
import { ApiError } from '@client/lib/api';
import { describeAnalysisFailure } from './useReceipt';

describe('describeAnalysisFailure', () => {
  it("passes on the server's reason for a refused file, and offers no retry", () => {
    const err = new ApiError(422, '422: …', 'No se encontró texto legible en el recibo. Completa los datos manualmente.');
    expect(describeAnalysisFailure(err)).toEqual({ reason: 'No se encontró texto legible en el recibo. Completa los datos manualmente.', retryable: false });
  });

  it('offers a retry when the reader was busy or slow, in its own words', () => {
    const err = new ApiError(503, '503: …', 'La lectura del recibo tardó demasiado. Completa los datos manualmente o inténtalo de nuevo.');
    expect(describeAnalysisFailure(err)).toEqual({ reason: 'La lectura del recibo tardó demasiado. Completa los datos manualmente o inténtalo de nuevo.', retryable: true });
  });

  it("does not show a 500's message, and offers a retry", () => {
    const failure = describeAnalysisFailure(new ApiError(500, '500: …', 'Internal Server Error'));
    expect(failure.retryable).toBe(true);
    expect(failure.reason).toMatch(/^El servidor no pudo analizar el recibo/);
  });

  it('tells a lost connection from a bad answer', () => {
    expect(describeAnalysisFailure(new TypeError('Failed to fetch'))).toEqual({ reason: expect.stringMatching(/^No hay conexión/), retryable: true });
    expect(describeAnalysisFailure(new Error('empty analysis')).reason).toMatch(/^La respuesta del análisis no se pudo leer/);
  });
});

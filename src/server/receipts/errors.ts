/**
 * Failures of reading a file, raised inside the reader's worker thread. They cross the thread boundary as plain
 * data ({ code, message }), and the route turns them into an AppError with the status below.
 */
export const READ_FAILURES = {
  empty: { status: 400, message: 'El archivo está vacío.' },
  unsupported: { status: 415, message: 'Formato no soportado. Sube una imagen JPG, PNG o WebP, o un PDF.' },
  corrupt_image: { status: 422, message: 'No se pudo leer la imagen: el archivo está dañado o no es una imagen válida.' },
  too_many_pixels: { status: 422, message: 'La imagen es demasiado grande para analizarla (más de 40 megapíxeles). Sube una foto de menor resolución.' },
  corrupt_pdf: { status: 422, message: 'No se pudo leer el PDF: el archivo está dañado.' },
  encrypted_pdf: { status: 422, message: 'El PDF está protegido con contraseña. Sube una versión sin protección.' },
  too_complex: { status: 422, message: 'El archivo es demasiado complejo para analizarlo. Sube una foto o un PDF más simple.' },
  timeout: { status: 503, message: 'La lectura del recibo tardó demasiado. Completa los datos manualmente o inténtalo de nuevo.' },
  busy: { status: 503, message: 'Hay muchos recibos en análisis en este momento. Inténtalo de nuevo en unos segundos.' },
  unreadable: { status: 422, message: 'No se encontró texto legible en el recibo. Completa los datos manualmente.' },
  unreadable_photo: {
    status: 422,
    message: 'No se encontró texto legible en la foto. Fotografía el recibo de cerca, enfocado y con buena luz, o completa los datos manualmente.',
  },
} as const;

export type ReadFailureCode = keyof typeof READ_FAILURES;

export class ReadFailure extends Error {
  constructor(public readonly code: ReadFailureCode) {
    super(READ_FAILURES[code].message);
    this.name = 'ReadFailure';
  }
}

/** jsPDF documents with a fixed creation date and file id, so the same seed gives byte-identical PDFs. */
import { createHash } from 'node:crypto';
import { jsPDF } from 'jspdf';

export function newPdf(id: string): jsPDF {
  const doc = new jsPDF({ unit: 'mm', format: 'a4', compress: true });
  doc.setCreationDate(new Date(Date.UTC(2025, 0, 1)));
  doc.setFileId(createHash('md5').update(id).digest('hex').toUpperCase());
  return doc;
}

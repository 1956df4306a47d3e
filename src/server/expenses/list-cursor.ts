import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { ExpenseFilters } from '@shared/expenses.js';
import { AppError } from '../errors.js';

/**
 * The expense list's keyset cursor: the boundary row's sort key (date, expense number), the page it leads to, the
 * total counted on the first page (so later pages never recount), and a digest of the company and filter it was made
 * for, so a cursor carried to another company or another filter answers 400 instead of a wrong page. It is not a
 * secret: a forged one can only ask for rows the actor may read anyway (the query keeps its tenant and visibility).
 */
export interface ListCursor {
  /** 'next': rows after the boundary in list order; 'prev': rows before it. */
  dir: 'next' | 'prev';
  date: string;
  number: number;
  page: number;
  total: number;
  scope: string;
}

const cursorSchema = z.object({
  dir: z.enum(['next', 'prev']),
  date: z.iso.date(),
  number: z.number().int().min(0).max(2_147_483_647),
  page: z.number().int().min(1).max(10_000_000),
  total: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  scope: z.string().length(22),
});

const invalid = () => new AppError('validation', 400, 'El cursor de la página no es válido; vuelve a la primera página.', 'cursor');

/** What a cursor is bound to: the company, who is looking (their visibility), the filter and the page size. */
export function cursorScope(companyId: string, viewerScope: string, f: ExpenseFilters): string {
  const key = [companyId, viewerScope, f.status ?? '', f.category ?? '', f.startDate ?? '', f.endDate ?? '', f.userId ?? '', f.pageSize].join('\u0000');
  return createHash('sha256').update(key).digest('base64url').slice(0, 22);
}

export function encodeCursor(c: ListCursor): string {
  return Buffer.from(JSON.stringify(c)).toString('base64url');
}

export function decodeCursor(raw: string, scope: string): ListCursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const c = cursorSchema.safeParse(parsed);
  if (!c.success || c.data.scope !== scope) throw invalid();
  // z.iso.date() accepts 2025-02-31; the database would not.
  if (new Date(`${c.data.date}T00:00:00Z`).toISOString().slice(0, 10) !== c.data.date) throw invalid();
  return c.data;
}

import { describe, expect, test } from 'vitest';
import { curlFor, externalEndpoints, type OpenApiDocument } from './openapi-examples';

const doc: OpenApiDocument = {
  paths: {
    '/api/auth/user': { get: { security: [{ cookie: [] }] } },
    '/api/categories': { get: { security: [{ bearer: [] }, { cookie: [] }], parameters: [{ name: 'companyId', in: 'query' }] }, post: { security: [{ cookie: [] }] } },
    '/api/accounting/expense/{id}': { get: { summary: 'Una rendición', security: [{ bearer: [] }], parameters: [{ name: 'id', in: 'path', required: true }] } },
    '/api/accounting/approved-expenses': {
      get: {
        summary: 'Aprobadas',
        security: [{ bearer: [] }],
        parameters: [
          { name: 'startDate', in: 'query' },
          { name: 'endDate', in: 'query' },
          { name: 'cursor', in: 'query' },
        ],
      },
    },
    '/api/expenses': { get: { security: [{ bearer: [] }, { cookie: [] }] }, post: { security: [{ bearer: [] }, { cookie: [] }] } },
  },
};

describe('external endpoints from the OpenAPI document', () => {
  const today = new Date('2026-02-10T12:00:00Z');
  const list = externalEndpoints(doc, 'https://app.rendix.cl', today);

  test('only operations that accept a Bearer token, the accounting export first', () => {
    expect(list.map((e) => `${e.method} ${e.path}`)).toEqual([
      'GET /api/accounting/approved-expenses',
      'GET /api/accounting/expense/{id}',
      'GET /api/categories',
      'GET /api/expenses',
      'POST /api/expenses',
    ]);
    expect(list[0].query).toEqual(['startDate', 'endDate', 'cursor']);
    expect(list[2].query).toEqual([]);
    expect(list[2].summary).toBe('Categorías con su código contable');
  });

  test('curl examples carry the token header, example dates and path variables', () => {
    expect(list[0].curl).toBe(
      'curl "https://app.rendix.cl/api/accounting/approved-expenses?startDate=2026-02-01&endDate=2026-02-28" \\\n  -H "Authorization: Bearer $RENDIX_TOKEN"',
    );
    expect(list[1].curl).toContain('"https://app.rendix.cl/api/accounting/expense/$ID"');
    expect(curlFor('http://x', 'POST', '/api/expenses', [])).toMatch(/-X POST "http:\/\/x\/api\/expenses"[\s\S]*Content-Type: application\/json[\s\S]*"amount":12990/);
  });
});

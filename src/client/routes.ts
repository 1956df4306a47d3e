/**
 * Page titles of the signed-in routes (part 2 §2.14 top bar); default is the product name. /api-integration is
 * 'Integración API', its title in §2.5 and its sidebar label, so the top bar and the page heading agree (the §2.14
 * list's 'API Contable' named the same page).
 */
export const ROUTE_TITLES: Record<string, string> = {
  '/': 'Dashboard',
  '/expenses': 'Mis Gastos',
  '/new-expense': 'Nueva Rendición',
  '/approvals': 'Aprobaciones',
  '/reimbursements': 'Reembolsos',
  '/profile': 'Mi perfil',
  '/subscription': 'Suscripción',
  '/company': 'Empresa',
  '/settings': 'Configuración',
  '/api-integration': 'Integración API',
  '/invoices': 'Facturas Emitidas',
  '/niudata-integration': 'Integración NiuData',
  '/niudata-diagnostics': 'Diagnóstico NiuData',
  '/super-admin': 'Panel Super Admin',
  '/super-admin/api': 'API Super Admin',
  '/company-management': 'Gestión de Empresas',
  '/super-admin/email': 'Configuración de Email',
  '/webhooks': 'Webhooks de Facturación',
  '/premium-plans': 'Planes de Suscripción',
  '/mercadopago-diagnostics': 'Diagnóstico MercadoPago',
  '/mercadopago-test': 'Pruebas MercadoPago',
};

export const PRODUCT_NAME = 'Rendix';

export function titleFor(pathname: string): string {
  return ROUTE_TITLES[pathname] ?? PRODUCT_NAME;
}

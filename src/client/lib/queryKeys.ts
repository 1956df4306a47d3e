/** Every query key of the client, so writes invalidate by key from one place. */
export const qk = {
  currentUser: ['/api/auth/user'] as const,
  memberships: ['/api/user/memberships'] as const,
  currentCompany: ['/api/company/current'] as const,
  companyUsers: ['/api/company/users'] as const,
  companyStats: ['/api/company/stats'] as const,
  dashboardStats: ['/api/dashboard/stats'] as const,
  dashboardCategories: ['/api/dashboard/categories'] as const,
  dashboardRecent: ['/api/dashboard/recent'] as const,
  dashboardMonthly: ['/api/dashboard/monthly'] as const,
  pendingApprovals: ['/api/admin/expenses/pending'] as const,
  billingWebhooks: ['/api/webhooks'] as const,
  billingWebhookLogs: ['/api/webhooks/logs'] as const,
  expenses: (filters: Record<string, string>) => ['/api/expenses', filters] as const,
  billingPlans: ['/api/mercadopago/plans'] as const,
  paymentStatus: ['/api/mercadopago/status'] as const,
  subscriptionInvoices: ['/api/subscription/invoices'] as const,
};

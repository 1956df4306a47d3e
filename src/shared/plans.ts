/** One definition of every plan: landing page, billing screens, plan API and server limits read it. */
export type PlanId = 'free' | 'niudata-free' | 'basic' | 'professional' | 'enterprise';

export interface Plan {
  id: PlanId;
  name: string;
  /** CLP per month per company, IVA included. null = contact sales. */
  price: number | null;
  currency: 'CLP';
  description: string;
  features: string[];
  /** null = unlimited */
  monthlyExpenseLimit: number | null;
  maxActiveUsers: number | null;
  /** May its admins create more companies ('Múltiples empresas')? The free plan is '1 empresa'. */
  multipleCompanies: boolean;
  popular?: boolean;
  /** Shown on the landing page pricing section. */
  onLanding: boolean;
  /** Sold through the billing screens. */
  purchasable: boolean;
}

export const PLANS: Plan[] = [
  {
    id: 'free',
    name: 'Gratuito',
    price: 0,
    currency: 'CLP',
    description: 'Para empezar a ordenar las rendiciones de tu equipo.',
    features: [
      'Hasta 2 usuarios',
      '10 documentos por mes',
      '1 empresa',
      'Dashboard básico',
      'Soporte por email',
      'Integración con NiuData',
    ],
    monthlyExpenseLimit: 10,
    maxActiveUsers: 2,
    multipleCompanies: false,
    onLanding: true,
    purchasable: true,
  },
  {
    id: 'niudata-free',
    name: 'Premium NiuData',
    price: 0,
    currency: 'CLP',
    description: 'Plan premium gratuito durante la promoción para usuarios de NiuData.',
    features: ['Rendiciones ilimitadas', 'IA avanzada', 'Sincronización directa con tu ERP', 'Soporte prioritario'],
    monthlyExpenseLimit: null,
    maxActiveUsers: 10,
    multipleCompanies: false,
    onLanding: false,
    purchasable: false,
  },
  {
    id: 'basic',
    name: 'Básico',
    price: 9990,
    currency: 'CLP',
    description: 'Para equipos pequeños que rinden con frecuencia.',
    features: ['1-2 usuarios', 'Hasta 50 rendiciones por mes', 'Análisis de recibos con IA', 'Reportes básicos', 'Soporte por email'],
    monthlyExpenseLimit: 50,
    maxActiveUsers: 2,
    multipleCompanies: false,
    onLanding: false,
    purchasable: true,
  },
  {
    id: 'professional',
    name: 'Profesional',
    price: 15000,
    currency: 'CLP',
    description: 'Para empresas en crecimiento con varias áreas.',
    features: [
      '3-5 usuarios',
      'Rendiciones ilimitadas',
      'Múltiples empresas',
      'Dashboard avanzado',
      'API de integración',
      'Reportes personalizados',
      'Soporte por email',
    ],
    monthlyExpenseLimit: null,
    maxActiveUsers: 5,
    multipleCompanies: true,
    popular: true,
    onLanding: true,
    purchasable: true,
  },
  {
    id: 'enterprise',
    name: 'Empresarial',
    price: 25000,
    currency: 'CLP',
    description: 'Para organizaciones con flujos y contabilidad propios.',
    features: [
      '6-10 usuarios',
      'Todo lo de Profesional',
      'Flujos de aprobación personalizados',
      'Integraciones contables',
      'Soporte prioritario',
      'Capacitación incluida',
      'Acceso completo a la API',
    ],
    monthlyExpenseLimit: null,
    maxActiveUsers: 10,
    multipleCompanies: true,
    onLanding: true,
    purchasable: true,
  },
];

/** The landing page's fourth card: not a plan a company can be on, a sales contact. */
export const CUSTOM_PLAN_CARD = {
  id: 'custom',
  name: 'Enterprise',
  priceLabel: 'Contactar',
  description: 'Para corporaciones con necesidades a medida.',
  features: [
    'Usuarios ilimitados',
    'Configuración personalizada',
    'Soporte dedicado 24/7',
    'SLA garantizado',
    'Implementación guiada',
    'Consultoría especializada',
    'Integraciones a medida',
  ],
} as const;

const PLAN_ALIASES: Record<string, PlanId> = { premium: 'professional' };

export function findPlan(id: string): Plan | undefined {
  const real = PLAN_ALIASES[id] ?? id;
  return PLANS.find((p) => p.id === real);
}

export function getPlan(id: string): Plan {
  return findPlan(id) ?? PLANS[0];
}

export const FREE_TRIAL_DAYS = 7;

/**
 * The plan's name as the shell and the company page show it ('Plan Básico'); 'Sin empresa' when there is no company
 * (a super admin outside any company). Every plan label reads this one function.
 */
export function planLabel(planId: string | null): string {
  return planId ? `Plan ${getPlan(planId).name}` : 'Sin empresa';
}

/**
 * The top bar's usage text for the plan in force: 'N/50 rendiciones este mes' for a plan with a monthly limit,
 * 'Plan Profesional - Ilimitado' for one without.
 */
export function usageLabel(planId: string, used: number): string {
  const plan = getPlan(planId);
  return plan.monthlyExpenseLimit === null ? `${planLabel(plan.id)} - Ilimitado` : `${used}/${plan.monthlyExpenseLimit} rendiciones este mes`;
}

/** What the server answers and the creation form says when the plan's monthly limit is reached (one text for both). */
export function monthlyLimitMessage(limit: number, planName: string): string {
  return `Alcanzaste el límite de ${limit} rendiciones de este mes del plan ${planName}. Mejora tu plan para seguir rindiendo.`;
}

import {
  Activity,
  Building2,
  ClipboardCheck,
  CodeXml,
  CreditCard,
  FileText,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  CirclePlus,
  Receipt,
  Settings,
  ShieldCheck,
  Wallet,
  Webhook,
} from 'lucide-react';
import type { CurrentUser } from '@shared/auth';
import { isAdmin, isApprover } from '@client/lib/auth';

type Audience = 'everyone' | 'notSuperAdmin' | 'admin' | 'approver' | 'superAdmin';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  audience: Audience;
  /** Shows the pending-approvals badge. */
  pendingBadge?: boolean;
}

/** Sidebar items in the order of part 2 §2.14; `audience` is the "Visible to" column. */
export const NAV_ITEMS: NavItem[] = [
  { to: '/', label: 'Dashboard', icon: LayoutDashboard, audience: 'notSuperAdmin' },
  { to: '/expenses', label: 'Mis Gastos', icon: Receipt, audience: 'everyone' },
  { to: '/new-expense', label: 'Nueva Rendición', icon: CirclePlus, audience: 'everyone' },
  { to: '/approvals', label: 'Aprobaciones', icon: ClipboardCheck, audience: 'approver', pendingBadge: true },
  { to: '/reimbursements', label: 'Reembolsos', icon: Wallet, audience: 'admin' },
  { to: '/subscription', label: 'Suscripción', icon: CreditCard, audience: 'everyone' },
  { to: '/company', label: 'Empresa', icon: Building2, audience: 'everyone' },
  { to: '/api-integration', label: 'Integración API', icon: CodeXml, audience: 'admin' },
  { to: '/invoices', label: 'Facturas Emitidas', icon: FileText, audience: 'admin' },
  { to: '/mercadopago-diagnostics', label: 'Diagnóstico MercadoPago', icon: Activity, audience: 'superAdmin' },
  { to: '/settings', label: 'Configuración', icon: Settings, audience: 'everyone' },
  { to: '/webhooks', label: 'Webhooks Facturación', icon: Webhook, audience: 'superAdmin' },
  { to: '/super-admin', label: 'Panel Super Admin', icon: ShieldCheck, audience: 'superAdmin' },
  { to: '/company-management', label: 'Gestión de Empresas', icon: Landmark, audience: 'superAdmin' },
];

function canSee(user: CurrentUser, audience: Audience): boolean {
  switch (audience) {
    case 'everyone':
      return true;
    case 'notSuperAdmin':
      return !user.isSuperAdmin;
    case 'admin':
      return isAdmin(user);
    case 'approver':
      return isApprover(user);
    case 'superAdmin':
      return user.isSuperAdmin;
  }
}

export function visibleNavItems(user: CurrentUser): NavItem[] {
  return NAV_ITEMS.filter((item) => canSee(user, item.audience));
}

export function displayName(user: CurrentUser): string {
  return `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
}

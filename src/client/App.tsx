import { Suspense, lazy, useEffect } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { FullPageLoading, Spinner } from './components/ui/spinner';
import { LandingPage } from './features/landing/LandingPage';
import { useCurrentUser } from './lib/auth';
import { SignInRedirect } from './features/auth/SignInRedirect';
import { CompanyOnly } from './components/NoCompanyNotice';

// Only the landing is in the entry chunk: everything else loads on demand, so a visitor's first
// paint does not wait for the signed-in app.
const AuthPage = lazy(() => import('./features/auth/AuthPage').then((m) => ({ default: m.AuthPage })));
const PartnerRegisterPage = lazy(() =>
  import('./features/auth/PartnerRegisterPage').then((m) => ({ default: m.PartnerRegisterPage })),
);
const AppShell = lazy(() => import('./features/shell/AppShell').then((m) => ({ default: m.AppShell })));

const DashboardPage = lazy(() => import('./features/dashboard/DashboardPage').then((m) => ({ default: m.DashboardPage })));
const ExpensesPage = lazy(() => import('./features/expenses/ExpensesPage').then((m) => ({ default: m.ExpensesPage })));
const NewExpensePage = lazy(() => import('./features/new-expense/NewExpensePage').then((m) => ({ default: m.NewExpensePage })));
const ApprovalsPage = lazy(() => import('./features/approvals/ApprovalsPage').then((m) => ({ default: m.ApprovalsPage })));
const CompanyPage = lazy(() => import('./features/company/CompanyPage').then((m) => ({ default: m.CompanyPage })));
const OnboardingWizard = lazy(() => import('./features/onboarding/OnboardingWizard').then((m) => ({ default: m.OnboardingWizard })));
const VerifyEmailPage = lazy(() => import('./features/verify-email/VerifyEmailPage').then((m) => ({ default: m.VerifyEmailPage })));
const AcceptInvitePage = lazy(() => import('./features/company/AcceptInvitePage').then((m) => ({ default: m.AcceptInvitePage })));
const ReimbursementsPage = lazy(() => import('./features/reimbursements/ReimbursementsPage').then((m) => ({ default: m.ReimbursementsPage })));
const ProfilePage = lazy(() => import('./features/profile/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const SettingsPage = lazy(() => import('./features/settings/SettingsPage').then((m) => ({ default: m.SettingsPage })));
const WebhooksPage = lazy(() => import('./features/webhooks/WebhooksPage').then((m) => ({ default: m.WebhooksPage })));
const SubscriptionPage = lazy(() => import('./features/billing/SubscriptionPage').then((m) => ({ default: m.SubscriptionPage })));
const PremiumPlansPage = lazy(() => import('./features/billing/PremiumPlansPage').then((m) => ({ default: m.PremiumPlansPage })));
const PaymentSuccessPage = lazy(() => import('./features/billing/PaymentSuccessPage').then((m) => ({ default: m.PaymentSuccessPage })));
const PaymentFailurePage = lazy(() => import('./features/billing/PaymentFailurePage').then((m) => ({ default: m.PaymentFailurePage })));
const MercadoPagoDiagnosticsPage = lazy(() =>
  import('./features/billing/MercadoPagoDiagnosticsPage').then((m) => ({ default: m.MercadoPagoDiagnosticsPage })),
);
const MercadoPagoTestPage = lazy(() => import('./features/billing/MercadoPagoTestPage').then((m) => ({ default: m.MercadoPagoTestPage })));
const ApiIntegrationPage = lazy(() => import('./features/api-integration/ApiIntegrationPage').then((m) => ({ default: m.ApiIntegrationPage })));
const InvoicesPage = lazy(() => import('./features/invoices/InvoicesPage').then((m) => ({ default: m.InvoicesPage })));
const SuperAdminEmailPage = lazy(() => import('./features/super-admin-email/SuperAdminEmailPage').then((m) => ({ default: m.SuperAdminEmailPage })));
const NiudataIntegrationPage = lazy(() => import('./features/niudata/NiudataIntegrationPage').then((m) => ({ default: m.NiudataIntegrationPage })));
const NiudataDiagnosticsPage = lazy(() => import('./features/niudata/NiudataDiagnosticsPage').then((m) => ({ default: m.NiudataDiagnosticsPage })));
const SuperAdminPage = lazy(() => import('./features/super-admin/SuperAdminPage').then((m) => ({ default: m.SuperAdminPage })));
const SuperAdminApiPage = lazy(() => import('./features/super-admin/SuperAdminApiPage').then((m) => ({ default: m.SuperAdminApiPage })));
const CompanyManagementPage = lazy(() => import('./features/super-admin/CompanyManagementPage').then((m) => ({ default: m.CompanyManagementPage })));
/** Screens load on demand; the shell stays while one arrives. */
function page(element: React.ReactNode) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-16">
          <Spinner label="Cargando..." />
        </div>
      }
    >
      {element}
    </Suspense>
  );
}

/** A screen of the current company's (see CompanyOnly). */
function companyPage(element: React.ReactNode, need: string) {
  return page(<CompanyOnly need={need}>{element}</CompanyOnly>);
}

/** A whole screen (auth, the app shell) on demand, with the session's 'Cargando...' while it arrives. */
function fullPage(element: React.ReactNode) {
  return <Suspense fallback={<FullPageLoading />}>{element}</Suspense>;
}

/** Unknown signed-in paths do a full redirect to / (part 1 §2). */
function FullRedirectHome() {
  useEffect(() => {
    window.location.replace('/');
  }, []);
  return <FullPageLoading />;
}

function Home() {
  const { user } = useCurrentUser();
  if (user?.isSuperAdmin) return <Navigate to="/super-admin" replace />;
  return companyPage(<DashboardPage />, 'ver el resumen de tus rendiciones');
}

export function App() {
  const { user, isLoading, sessionUnknown } = useCurrentUser();
  const location = useLocation();

  useEffect(() => {
    document.documentElement.classList.toggle('dark', !!user?.darkMode);
  }, [user?.darkMode]);

  if (isLoading) return <FullPageLoading />;

  if (!user) {
    return (
      <Routes>
        <Route path="/" element={<LandingPage />} />
        <Route path="/auth" element={fullPage(<AuthPage />)} />
        <Route path="/register/:partner" element={fullPage(<PartnerRegisterPage />)} />
        <Route path="/invitacion" element={page(<AcceptInvitePage />)} />
        <Route path="/verificar-email" element={page(<VerifyEmailPage />)} />
        {/* Offline the session is unknown: show the public page (with its offline strip), not a sign-in the user does not need. */}
        <Route path="*" element={sessionUnknown ? <LandingPage /> : <SignInRedirect fallback={<LandingPage />} />} />
      </Routes>
    );
  }

  return (
    <>
      {!user.hasCompletedOnboarding && !user.isSuperAdmin ? (
        <Suspense fallback={null}>
          <OnboardingWizard />
        </Suspense>
      ) : null}
      <Routes>
        <Route path="/auth" element={<Navigate to="/" replace />} />
        <Route path="/register/:partner" element={<Navigate to="/" replace />} />
        <Route path="/invitacion" element={page(<AcceptInvitePage />)} />
        <Route path="/verificar-email" element={page(<VerifyEmailPage />)} />
        <Route element={fullPage(<AppShell key={user.currentCompanyId ?? 'none'} />)}>
          <Route path="/" element={<Home />} />
          <Route path="/expenses" element={page(<ExpensesPage />)} />
          <Route path="/new-expense" element={companyPage(<NewExpensePage />, 'crear rendiciones')} />
          <Route path="/settings" element={companyPage(<SettingsPage />, 'configurar categorías y medios de pago')} />
          <Route path="/approvals" element={page(<ApprovalsPage />)} />
          <Route path="/reimbursements" element={companyPage(<ReimbursementsPage />, 'pagar reembolsos')} />
          <Route path="/profile" element={page(<ProfilePage />)} />
          <Route path="/company" element={page(<CompanyPage />)} />
          <Route path="/webhooks" element={page(<WebhooksPage />)} />
          <Route path="/subscription" element={page(<SubscriptionPage />)} />
          <Route path="/premium-plans" element={page(<PremiumPlansPage />)} />
          <Route path="/subscription-success" element={page(<PaymentSuccessPage />)} />
          <Route path="/subscription-failure" element={page(<PaymentFailurePage />)} />
          <Route path="/mercadopago-diagnostics" element={page(<MercadoPagoDiagnosticsPage />)} />
          <Route path="/mercadopago-test" element={page(<MercadoPagoTestPage />)} />
          <Route path="/api-integration" element={companyPage(<ApiIntegrationPage />, 'conectar tu contabilidad')} />
          <Route path="/invoices" element={companyPage(<InvoicesPage />, 'ver facturas emitidas')} />
          <Route path="/super-admin/email" element={page(<SuperAdminEmailPage />)} />
          <Route path="/niudata-integration" element={companyPage(<NiudataIntegrationPage />, 'conectar NiuData')} />
          <Route path="/niudata-diagnostics" element={companyPage(<NiudataDiagnosticsPage />, 'conectar NiuData')} />
          <Route path="/super-admin" element={page(<SuperAdminPage />)} />
          <Route path="/super-admin/api" element={page(<SuperAdminApiPage />)} />
          <Route path="/company-management" element={page(<CompanyManagementPage />)} />
          <Route path="*" element={<FullRedirectHome key={location.pathname} />} />
        </Route>
      </Routes>
    </>
  );
}

import { Bot, Building2, CreditCard, Flag, Mail, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { FREE_TRIAL_DAYS } from '@shared/plans';
import { Button } from '@client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { SALES_EMAIL, mailto } from './format';

/** Part 1 §2: how pricing works when one account runs several companies. */
export function PricingExplanation() {
  return (
    <Card>
      <CardContent className="flex items-start gap-3 p-4 sm:p-5">
        <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
          <Building2 className="h-5 w-5" aria-hidden />
        </span>
        <div className="space-y-1 text-sm">
          <h2 className="text-base font-semibold">Precios por empresa</h2>
          <p className="text-muted-foreground">
            Cada empresa tiene su propia suscripción. Si administras varias empresas con tu cuenta, cada una elige su plan y se cobra por separado; el
            precio es mensual, en pesos chilenos y con IVA incluido.
          </p>
          <p className="text-muted-foreground">
            Al elegir tu primer plan pagado tienes {FREE_TRIAL_DAYS} días de prueba gratis. Si pagas durante la prueba, tu mes pagado comienza cuando
            ésta termina. Puedes cancelar cuando quieras y nunca pierdes tus datos.
          </p>
        </div>
      </CardContent>
    </Card>
  );
}

const REASONS: { icon: LucideIcon; title: string; text: string }[] = [
  { icon: Bot, title: 'Recibos con IA', text: 'Sube la foto de la boleta o factura y el formulario se completa solo.' },
  { icon: Zap, title: 'Aprobaciones rápidas', text: 'Tu equipo rinde y los administradores aprueban en minutos, desde cualquier dispositivo.' },
  { icon: ShieldCheck, title: 'Pago seguro', text: 'Pagas con MercadoPago en pesos chilenos, en hasta 12 cuotas según tu tarjeta.' },
  { icon: Flag, title: 'Hecho para Chile', text: 'Pesos chilenos, IVA, RUT, boletas y facturas desde el primer día, con soporte en español.' },
];

/** Part 1 §2 'why choose' block. */
export function WhyChoose() {
  return (
    <section aria-labelledby="why-rendix" className="space-y-4">
      <h2 id="why-rendix" className="text-lg font-semibold">
        ¿Por qué elegir Rendix?
      </h2>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 min-[1360px]:grid-cols-4">
        {REASONS.map(({ icon: Icon, title, text }) => (
          <div key={title} className="flex items-start gap-3 rounded-lg border bg-card p-4">
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
            <div>
              <h3 className="text-sm font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{text}</p>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}

/** Part 1 §2 contact-sales button: an e-mail to sales. */
export function ContactSales() {
  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-center sm:justify-between sm:space-y-0">
        <div className="space-y-1.5">
          <CardTitle className="text-base">¿Necesitas un plan a medida?</CardTitle>
          <CardDescription>Más de 10 usuarios, integraciones especiales o facturación anual: conversemos.</CardDescription>
        </div>
        <Button asChild variant="outline" className="w-full sm:w-auto">
          <a href={mailto(SALES_EMAIL, 'Plan a medida Rendix')}>
            <Mail aria-hidden />
            Contactar Ventas
          </a>
        </Button>
      </CardHeader>
    </Card>
  );
}

/** Why the buttons are disabled for this user, if they are. */
export function PurchaseHint({ reason }: { reason: 'role' | 'company' }) {
  return (
    <p role="note" className="flex items-start gap-2 rounded-lg border bg-muted/40 p-3 text-sm text-muted-foreground">
      <CreditCard className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      {reason === 'role'
        ? 'Solo los administradores de la empresa pueden contratar o cambiar el plan. Pídele a un administrador que lo haga.'
        : 'Necesitas pertenecer a una empresa para contratar un plan. Créala desde la sección Empresa.'}
    </p>
  );
}

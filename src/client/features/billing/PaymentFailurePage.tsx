import { Home, LifeBuoy, RotateCcw, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { PaymentResultCard } from './PaymentResultCard';
import { SUPPORT_EMAIL, mailto } from './format';

const CAUSES = [
  'Fondos o cupo insuficiente en la tarjeta.',
  'Datos de la tarjeta incorrectos (número, vencimiento o código de seguridad).',
  'El banco rechazó la operación por seguridad.',
  'El pago se canceló o la sesión de pago expiró.',
];

const SOLUTIONS = [
  'Revisa los datos de tu tarjeta e inténtalo de nuevo.',
  'Prueba con otra tarjeta o medio de pago.',
  'Consulta con tu banco si la compra fue bloqueada.',
  'Si el problema continúa, escríbenos y te ayudamos.',
];

function List({ id, title, items }: { id: string; title: string; items: string[] }) {
  return (
    <section aria-labelledby={id} className="rounded-lg border bg-muted/40 p-4">
      <h2 id={id} className="mb-2 text-sm font-semibold">
        {title}
      </h2>
      <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
        {items.map((s) => (
          <li key={s}>{s}</li>
        ))}
      </ul>
    </section>
  );
}

/** 'Error en el Pago' (/subscription-failure, part 1 §2): causes, solutions, retry, home and support. */
export function PaymentFailurePage() {
  return (
    <PaymentResultCard
      icon={XCircle}
      tone="failure"
      title="Error en el Pago"
      description="No pudimos completar tu pago. Tu plan no ha cambiado."
      contentClassName="space-y-4"
    >
      <List id="failure-causes" title="Posibles causas" items={CAUSES} />
      <List id="failure-solutions" title="Soluciones" items={SOLUTIONS} />

      <div className="flex flex-col gap-2 pt-2 sm:flex-row">
        <Button asChild className="flex-1">
          <Link to="/premium-plans">
            <RotateCcw aria-hidden />
            Intentar de Nuevo
          </Link>
        </Button>
        <Button asChild variant="outline" className="flex-1">
          <Link to="/">
            <Home aria-hidden />
            Volver al Inicio
          </Link>
        </Button>
      </div>
      <Button asChild variant="ghost" className="w-full">
        <a href={mailto(SUPPORT_EMAIL, 'Problema con un pago en Rendix')}>
          <LifeBuoy aria-hidden />
          Contactar Soporte
        </a>
      </Button>
    </PaymentResultCard>
  );
}

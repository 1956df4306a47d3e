import { CheckCircle2, LayoutDashboard, ScanText, Sparkles, Tags, UserPlus, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** The categories a new company is shown in the wizard (part 2 §2.15, §9). */
export const ONBOARDING_CATEGORIES = ['Alimentación', 'Transporte', 'Hospedaje', 'Materiales', 'Capacitación', 'Tecnología', 'Marketing', 'Otros'] as const;

export interface OnboardingStep {
  icon: LucideIcon;
  title: string;
  description: string;
  body: ReactNode;
  /** Following it also ends the wizard. */
  link: { to: string; label: string } | null;
}

/** Who is reading: admins approve and configure, everyone else files and sends expenses (part 2 §2.15). */
export interface Audience {
  firstName: string;
  isAdmin: boolean;
}

function Checklist({ items }: { items: string[] }) {
  return (
    <ul className="space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-2 text-sm">
          <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

export function onboardingSteps({ firstName, isAdmin }: Audience): OnboardingStep[] {
  const name = firstName.trim();
  return [
    {
      icon: Sparkles,
      title: name ? `¡Hola, ${name}! Te damos la bienvenida a Rendix` : '¡Te damos la bienvenida a Rendix!',
      description: isAdmin
        ? 'Desde aquí aprobarás los gastos de tu equipo y configurarás tu empresa.'
        : 'Desde aquí crearás tus rendiciones de gastos y las enviarás a aprobación.',
      body: (
        <>
          <Checklist
            items={
              isAdmin
                ? [
                    'Revisa y aprueba o rechaza las rendiciones de tu equipo.',
                    'Configura las categorías, los métodos de pago y los centros de costo.',
                    'Invita a tus colaboradores y administra sus roles.',
                  ]
                : [
                    'Registra tus gastos en segundos, con la foto del recibo.',
                    'Envía cada rendición a aprobación de tu administrador.',
                    'Sigue su estado: pendiente, aprobada o rechazada.',
                  ]
            }
          />
          <p className="mt-4 text-sm text-muted-foreground">Te mostramos lo esencial en cinco pasos breves.</p>
        </>
      ),
      link: null,
    },
    {
      icon: Tags,
      title: 'Categorías de gastos',
      description: 'Cada gasto se clasifica en una categoría. Tu empresa parte con estas:',
      body: (
        <>
          <ul className="flex flex-wrap gap-2" aria-label="Categorías predeterminadas">
            {ONBOARDING_CATEGORIES.map((category) => (
              <li key={category} className="rounded-full border bg-accent px-3 py-1 text-sm font-medium">
                {category}
              </li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-muted-foreground">
            {isAdmin
              ? 'En Configuración puedes crear, editar o desactivar categorías y asignarles su código contable.'
              : 'Al registrar un gasto eliges la categoría que corresponde; tu administrador puede ajustarlas.'}
          </p>
        </>
      ),
      link: { to: '/settings', label: 'Ir a Configuración' },
    },
    {
      icon: ScanText,
      title: 'Tu primera rendición',
      description: 'Sube una foto o PDF de tu boleta o factura y la IA reconoce los datos por ti.',
      body: (
        <Checklist
          items={[
            'Sube la foto o el PDF de tu boleta o factura.',
            'La IA lee el monto, la fecha, la categoría y el tipo de documento.',
            isAdmin
              ? 'Revisa los datos prellenados y envía la rendición: tú también puedes rendir tus propios gastos.'
              : 'Revisa los datos prellenados y envía la rendición a aprobación.',
          ]}
        />
      ),
      link: { to: '/new-expense', label: 'Crear mi primera rendición' },
    },
    {
      icon: LayoutDashboard,
      title: 'Tu Dashboard',
      description: isAdmin
        ? 'Una vista de los gastos de tu empresa de un solo vistazo.'
        : 'Una vista de tus gastos y del estado de tus rendiciones.',
      body: (
        <Checklist
          items={
            isAdmin
              ? [
                  'El total rendido por tu empresa y cuántas rendiciones están pendientes o aprobadas.',
                  'Gastos por categoría y evolución mensual.',
                  'Las rendiciones por revisar te esperan en Aprobaciones.',
                ]
              : [
                  'Cuánto has rendido y cuántas de tus rendiciones siguen pendientes o fueron aprobadas.',
                  'Tus gastos por categoría y su evolución mensual.',
                  'Tus rendiciones más recientes con su estado.',
                ]
          }
        />
      ),
      link: { to: '/', label: 'Ver el Dashboard' },
    },
    {
      icon: UserPlus,
      title: isAdmin ? 'Invita a tu equipo' : 'Tu equipo',
      description: isAdmin
        ? 'Suma a tus colaboradores para que rindan sus gastos en Rendix.'
        : 'En la página Empresa ves los datos de tu empresa y quién forma parte de ella.',
      body: (
        <p className="text-sm">
          {isAdmin
            ? 'Desde Empresa invitas a cada persona por correo electrónico: recibirá un enlace para crear su contraseña. Ahí mismo puedes cambiar roles o desactivar usuarios.'
            : '¿Falta alguien de tu equipo? Pide a tu administrador que le envíe una invitación desde la página Empresa.'}
        </p>
      ),
      link: { to: '/company', label: 'Ir a Empresa' },
    },
  ];
}

import { BellRing, Building2, ChartColumn, CodeXml, HandCoins, Receipt, type LucideIcon } from 'lucide-react';
import { SECTION_IDS, BELOW_THE_FOLD } from './scroll';

interface Feature {
  title: string;
  text: string;
  icon: LucideIcon;
}

/** The seven product claims of part 1 §1, in six cards (device support rides with receipt upload). */
const FEATURES: Feature[] = [
  {
    title: 'Carga y categorización de recibos',
    text: 'Sube boletas y facturas desde el computador, la tablet o el celular. La IA las clasifica por categoría automáticamente.',
    icon: Receipt,
  },
  {
    title: 'Reembolsos automáticos',
    text: 'Cada rendición aprobada queda lista para reembolsar al colaborador, sin planillas ni correos de seguimiento.',
    icon: HandCoins,
  },
  {
    title: 'Aprobación multinivel',
    text: 'Define quién aprueba cada gasto y recibe notificaciones cada vez que una rendición cambia de estado.',
    icon: BellRing,
  },
  {
    title: 'Dashboard en tiempo real',
    text: 'Visualiza el gasto por categoría y estado al instante, y exporta la información a tu sistema contable.',
    icon: ChartColumn,
  },
  {
    title: 'API REST contable',
    text: 'Conecta Rendix con tu software de contabilidad mediante una API REST y sincroniza las rendiciones aprobadas.',
    icon: CodeXml,
  },
  {
    title: 'Multiempresa con roles',
    text: 'Administra varias empresas desde una sola cuenta, con roles y permisos granulares para cada persona.',
    icon: Building2,
  },
];

export function FeaturesSection() {
  return (
    <section
      id={SECTION_IDS.features}
      aria-labelledby="features-title"
      tabIndex={-1}
      className={`scroll-mt-28 py-20 outline-none sm:scroll-mt-20 sm:py-24 ${BELOW_THE_FOLD}`}
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold uppercase tracking-wider text-primary">Características</p>
          <h2 id="features-title" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Todo lo que tu empresa necesita para rendir gastos
          </h2>
          <p className="mt-4 text-lg text-muted-foreground text-pretty">
            Desde la boleta hasta la contabilidad, en un solo lugar.
          </p>
        </div>

        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {FEATURES.map((feature) => {
            const Icon = feature.icon;
            return (
              <li
                key={feature.title}
                className="group rounded-2xl border bg-card p-6 shadow-sm transition-shadow hover:shadow-md"
              >
                <span className="flex size-12 items-center justify-center rounded-xl bg-primary/10 text-primary transition-colors group-hover:bg-primary group-hover:text-primary-foreground">
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <h3 className="mt-5 text-lg font-semibold">{feature.title}</h3>
                <p className="mt-2 text-muted-foreground">{feature.text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

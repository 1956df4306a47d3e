import { Card, CardContent, CardHeader, CardTitle } from '@client/components/ui/card';

const HELP: { name: string; text: string }[] = [
  { name: 'Básico', text: 'para equipos de 1 a 2 personas que rinden hasta 50 gastos al mes y quieren leer sus recibos con IA.' },
  { name: 'Profesional', text: 'para empresas en crecimiento de 3 a 5 usuarios: rendiciones ilimitadas, varias empresas, API y reportes personalizados.' },
  { name: 'Empresarial', text: 'para equipos de 6 a 10 usuarios con flujos de aprobación propios, integraciones contables, soporte prioritario y capacitación.' },
];

/** Part 2 §9: the help text describing Básico, Profesional and Empresarial. */
export function PlanHelp() {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">¿Qué plan elegir?</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2 text-sm text-muted-foreground">
          {HELP.map((h) => (
            <li key={h.name}>
              <strong className="font-semibold text-foreground">{h.name}:</strong> {h.text}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-muted-foreground">Todos los precios son mensuales, por empresa y con IVA incluido. Puedes cambiar de plan cuando quieras.</p>
      </CardContent>
    </Card>
  );
}

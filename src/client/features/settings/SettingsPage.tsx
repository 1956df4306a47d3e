import { Lock } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { ApprovalFlowSection } from '@client/features/approval-flow/ApprovalFlowSection';
import { CatalogSection } from './CatalogSection';
import { CATALOG_RESOURCES } from './resources';

const FLOW_TAB = 'flujo-aprobacion';

/** Configuración (part 2 §2.3): categories, payment methods and cost centers of the company. */
export function SettingsPage() {
  const { user } = useCurrentUser();
  const canEdit = isAdmin(user);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  // 'Flujo de aprobación' (issue 20) is the admins' own tab.
  const tabs = [...CATALOG_RESOURCES.map((r) => ({ tab: r.tab, label: r.tabLabel })), ...(canEdit ? [{ tab: FLOW_TAB, label: 'Flujo de aprobación' }] : [])];
  const tab = tabs.some((r) => r.tab === requested) ? requested! : CATALOG_RESOURCES[0].tab;

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Configuración</h1>
        <p className="text-sm text-muted-foreground">Categorías, medios de pago y centros de costo que tu equipo usa al rendir gastos{canEdit ? ', y cómo se aprueban sus rendiciones' : ''}.</p>
      </div>

      {!canEdit ? (
        <p role="note" className="flex items-start gap-2 rounded-lg border border-blue-200 bg-blue-50 p-3 text-sm text-blue-900 dark:border-blue-900/60 dark:bg-blue-950/30 dark:text-blue-200">
          <Lock className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          Solo los administradores pueden modificar la configuración. Puedes consultar las listas, pero no cambiarlas.
        </p>
      ) : null}

      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList className={`grid h-auto w-full ${tabs.length > 3 ? 'grid-cols-2' : 'grid-cols-3'} sm:inline-flex sm:h-10 sm:w-auto`}>
          {tabs.map((r) => (
            <TabsTrigger key={r.tab} value={r.tab} className="whitespace-normal px-2 text-xs leading-tight sm:whitespace-nowrap sm:px-3 sm:text-sm">
              {r.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {CATALOG_RESOURCES.map((r) => (
          <TabsContent key={r.tab} value={r.tab}>
            <CatalogSection resource={r} canEdit={canEdit} />
          </TabsContent>
        ))}
        {canEdit ? (
          <TabsContent value={FLOW_TAB}>
            <ApprovalFlowSection />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}

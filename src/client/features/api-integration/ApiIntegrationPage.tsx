import { Navigate, useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@client/components/ui/tabs';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { AccountingSystemsTab } from './AccountingSystemsTab';
import { HistoryTab } from './HistoryTab';
import { NiudataTab } from './NiudataTab';
import { RestApiTab } from './RestApiTab';
import { TokensTab } from './TokensTab';
import { WebhookTab } from './WebhookTab';

const TABS = [
  { value: 'api', label: 'API REST', content: <RestApiTab /> },
  { value: 'sistemas', label: 'Sistemas Contables', content: <AccountingSystemsTab /> },
  { value: 'tokens', label: 'Tokens de API', content: <TokensTab /> },
  { value: 'webhook', label: 'Webhook', content: <WebhookTab /> },
  { value: 'niudata', label: 'NiuData', content: <NiudataTab /> },
  { value: 'historial', label: 'Historial', content: <HistoryTab /> },
] as const;

/** 'Integración API' (part 2 §2.5): how approved expenses reach the company's accounting. Admins only. */
export function ApiIntegrationPage() {
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();
  if (!isAdmin(user)) return <Navigate to="/" replace />;
  const requested = params.get('tab');
  const tab = TABS.some((t) => t.value === requested) ? requested! : TABS[0].value;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">Integración API</h1>
        <p className="text-sm text-muted-foreground">Lleva las rendiciones aprobadas a tu sistema contable: por API REST, por webhook o con NiuData.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <div className="-mx-4 relative overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0">
          <TabsList className="w-max">
            {TABS.map((t) => (
              <TabsTrigger key={t.value} value={t.value}>
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
        </div>
        {TABS.map((t) => (
          <TabsContent key={t.value} value={t.value}>
            {t.content}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}

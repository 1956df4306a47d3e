import { History } from 'lucide-react';
import { StateMessage } from '@client/components/ui/state-message';
import { WebhookLogList } from './WebhookLogList';
import { useWebhookLogs } from './queries';

/** 'Historial': what left Rendix for the company's accounting: webhook deliveries and (later) NiuData syncs. */
export function HistoryTab() {
  const logs = useWebhookLogs(false);
  return (
    <div className="space-y-6">
      <WebhookLogList logs={logs} />
      <section aria-labelledby="niudata-history-title" className="space-y-3">
        <h2 id="niudata-history-title" className="text-base font-semibold">
          Sincronizaciones con NiuData
        </h2>
        <StateMessage icon={<History className="h-10 w-10" />} title="Sin sincronizaciones con NiuData todavía" role="status">
          <p className="text-muted-foreground">Aparecerán aquí cuando la empresa conecte NiuData.</p>
        </StateMessage>
      </section>
    </div>
  );
}

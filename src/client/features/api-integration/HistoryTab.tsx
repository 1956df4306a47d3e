import { SyncHistoryList } from '@client/features/niudata/SyncHistoryList';
import { WebhookLogList } from './WebhookLogList';
import { useWebhookLogs } from './queries';

/** 'Historial': what left Rendix for the company's accounting: webhook deliveries and NiuData syncs. */
export function HistoryTab() {
  const logs = useWebhookLogs(false);
  return (
    <div className="space-y-6">
      <WebhookLogList logs={logs} />
      <SyncHistoryList />
    </div>
  );
}

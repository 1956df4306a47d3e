import { AlertCircle, RefreshCw } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { errorMessage } from '@client/lib/api';

/** A section that could not load says so in Spanish and offers a retry. */
export function SectionError({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm dark:border-red-900/60 dark:bg-red-950/30">
      <div className="flex items-start gap-2">
        <AlertCircle className="mt-0.5 h-4 w-4 shrink-0 text-red-600 dark:text-red-400" aria-hidden />
        <div>
          <p className="font-medium text-red-800 dark:text-red-300">{title}</p>
          <p className="text-red-700 dark:text-red-400">{errorMessage(error, 'Inténtalo de nuevo en unos momentos.')}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" onClick={onRetry}>
        <RefreshCw aria-hidden />
        Reintentar
      </Button>
    </div>
  );
}

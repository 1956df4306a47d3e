import { AlertCircle, EyeOff, RotateCcw } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { Skeleton } from '@client/components/ui/skeleton';
import { errorMessage } from '@client/lib/api';
import { OutboxStatusBadge } from './OutboxStatusBadge';
import { formatChileDateTime, useOutboxMessage } from './queries';

const URL_RE = /https?:\/\/[^\s<>"']+/g;

/**
 * The text body with its http(s) links clickable. The HTML body is not rendered: an e-mail's inline styles and markup
 * would need a looser CSP (or a framed document), and the text version carries the same links.
 */
export function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const m of text.matchAll(URL_RE)) {
    // A sentence's closing punctuation is not part of the link.
    const url = m[0].replace(/[.,;:!?)\]]+$/, '');
    const start = m.index;
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <a key={start} href={url} target="_blank" rel="noopener noreferrer" className="break-all font-medium text-primary underline underline-offset-4">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </>
  );
}

function MessageContent({ id }: { id: string }) {
  const message = useOutboxMessage(id);
  if (message.isPending) {
    return (
      <div aria-busy="true" aria-label="Cargando mensaje" className="space-y-3">
        <Skeleton className="h-4 w-2/3" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (message.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4 text-sm">
        <p className="flex items-start gap-2 text-red-700 dark:text-red-400">
          <AlertCircle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          No se pudo cargar el mensaje. {errorMessage(message.error, 'Inténtalo de nuevo en unos momentos.')}
        </p>
        <Button variant="outline" size="sm" onClick={() => void message.refetch()}>
          <RotateCcw aria-hidden />
          Reintentar
        </Button>
      </div>
    );
  }
  const m = message.data;
  return (
    <div className="space-y-4">
      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1.5 text-sm">
        <Meta label="Para">{m.recipient}</Meta>
        <Meta label="Estado">
          <OutboxStatusBadge status={m.status} />
        </Meta>
        <Meta label="Intentos">{m.attempts}</Meta>
        <Meta label="Creado">{formatChileDateTime(m.createdAt)}</Meta>
        <Meta label="Enviado">{formatChileDateTime(m.sentAt)}</Meta>
        {m.lastError ? (
          <Meta label="Último error">
            <span className="text-red-700 dark:text-red-400">{m.lastError}</span>
          </Meta>
        ) : null}
      </dl>
      {m.body ? (
        <div className="space-y-2">
          <h3 className="text-sm font-medium">Contenido</h3>
          <pre
            data-testid="outbox-body"
            className="max-h-[50vh] overflow-y-auto whitespace-pre-wrap break-words rounded-lg border bg-muted/40 p-4 font-sans text-sm leading-relaxed"
          >
            {linkify(m.body.text)}
          </pre>
          <p className="text-xs text-muted-foreground">
            Los enlaces son de un solo uso y llevan un token vigente: ábrelos solo para entregarlos a su destinatario o para probar el flujo.
          </p>
        </div>
      ) : (
        <p role="status" className="flex items-start gap-2 rounded-lg border bg-muted/40 p-4 text-sm text-muted-foreground">
          <EyeOff className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          {m.bodyNote ?? 'Contenido no disponible.'}
        </p>
      )}
    </div>
  );
}

/** Reads one outbox message: its metadata and its text body with clickable links (invitations, password resets). */
export function OutboxMessageDialog({ id, subject, onClose }: { id: string | null; subject: string; onClose: () => void }) {
  return (
    <Dialog open={id !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle className="break-words">{subject || 'Mensaje'}</DialogTitle>
          <DialogDescription>Mensaje de la bandeja de salida. Las horas están en hora de Chile.</DialogDescription>
        </DialogHeader>
        {id ? <MessageContent id={id} /> : null}
      </DialogContent>
    </Dialog>
  );
}

import { useRef, useState } from 'react';
import type { CurrentUser } from '@shared/auth';
import { actionableCount, type PendingExpenseView } from '@shared/approvals';
import { Badge } from '@client/components/ui/badge';
import { isAdmin, isApprover, useCurrentUser } from '@client/lib/auth';
import { cn } from '@client/lib/utils';
import { ApprovalCard } from './ApprovalCard';
import { EmptyState, ErrorState, LoadingState, NoCompanyState, NotAdminState } from './PageStates';
import { serverExplanation, usePendingApprovals } from './queries';
import { RejectDialog } from './RejectDialog';

/** 'Aprobación de Rendiciones' (part 1 §2). Non-admins get an explanation and no data calls. */
export function ApprovalsPage() {
  const { user } = useCurrentUser();
  const admin = isApprover(user);
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <div>
        <h1 id="approvals-title" tabIndex={-1} className="text-2xl font-bold tracking-tight focus:outline-none">
          Aprobación de Rendiciones
        </h1>
        {admin ? (
          <p className="text-muted-foreground">
            {isAdmin(user) ? 'Revisa, corrige y aprueba o rechaza las rendiciones pendientes de tu empresa.' : 'Aprueba o rechaza los pasos de aprobación que te corresponden como jefe.'}
          </p>
        ) : null}
      </div>
      {!user ? null : !admin ? <NotAdminState /> : !user.currentCompanyId ? <NoCompanyState /> : <PendingList key={user.currentCompanyId} user={user} />}
    </div>
  );
}

function PendingList({ user }: { user: CurrentUser }) {
  const list = usePendingApprovals(isApprover(user));
  const [editingId, setEditingId] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<PendingExpenseView | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  // The reject dialog opens from code, so focus goes back (or on) by hand.
  const opener = useRef<HTMLElement | null>(null);
  const focusAfterReject = useRef<number | null>(null);

  /** After a card leaves, keyboard users land on the card that took its place (or the title). */
  const focusCardAt = (index: number) =>
    requestAnimationFrame(() => {
      const cards = listRef.current?.querySelectorAll<HTMLElement>('[data-approval-card]');
      const target = cards && cards.length ? cards[Math.min(index, cards.length - 1)] : document.getElementById('approvals-title');
      target?.focus();
    });

  if (list.isError) return <ErrorState message={serverExplanation(list.error) ?? 'Inténtalo de nuevo en unos momentos.'} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  if (!list.data) return <LoadingState />;
  const items = Array.isArray(list.data) ? list.data : [];
  if (items.length === 0) return <EmptyState />;
  // The card being edited may have left the list (decided elsewhere): then nothing is locked.
  const editing = items.some((e) => e.id === editingId) ? editingId : null;
  const actionable = actionableCount(items);
  const waitingOwn = items.filter((e) => e.ownExpense && !e.canDecide).length;
  // Multi-step approvals at someone else's step (a manager's): visible to admins, who may reassign them.
  const waitingOthers = items.filter((e) => !e.ownExpense && !e.canDecide).length;

  return (
    <section aria-labelledby="approvals-title" className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {actionable > 0 ? (
            <>
              <Badge variant="warning" className="mr-2">
                {actionable}
              </Badge>
              {actionable === 1 ? 'rendición pendiente de revisión' : 'rendiciones pendientes de revisión'}
            </>
          ) : (
            'No tienes rendiciones por revisar'
          )}
          {waitingOwn > 0 ? ` · ${waitingOwn === 1 ? '1 tuya la revisa' : `${waitingOwn} tuyas las revisa`} otro administrador` : null}
          {waitingOthers > 0 ? ` · ${waitingOthers === 1 ? '1 espera a otra persona' : `${waitingOthers} esperan a otras personas`} (paso de un jefe)` : null}
        </p>
      </div>
      <div ref={listRef} className={cn('space-y-4 transition-opacity', list.isFetching && !list.isPending && 'opacity-90')}>
        {items.map((expense, index) => (
          <ApprovalCard
            key={expense.id}
            expense={expense}
            editing={editing === expense.id}
            editLocked={editing !== null && editing !== expense.id}
            onEdit={() => setEditingId(expense.id)}
            onEditDone={() => setEditingId(null)}
            onApproved={() => {
              focusCardAt(index);
            }}
            onReject={() => {
              opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              focusAfterReject.current = null;
              setRejecting(expense);
            }}
          />
        ))}
      </div>
      <RejectDialog
        expense={rejecting}
        onClose={() => setRejecting(null)}
        onRejected={() => {
          focusAfterReject.current = Math.max(0, items.findIndex((e) => e.id === rejecting?.id));
          setRejecting(null);
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (focusAfterReject.current !== null) focusCardAt(focusAfterReject.current);
          else if (opener.current?.isConnected) opener.current.focus();
        }}
      />
    </section>
  );
}

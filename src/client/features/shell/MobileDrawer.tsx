import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { Brand } from './Sidebar';

interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The top-bar button that opened the drawer; it lives outside the Dialog, so focus is sent back by hand. */
  returnFocusRef: RefObject<HTMLButtonElement | null>;
  children: ReactNode;
}

/** Slide-in sidebar for small screens; Radix handles Escape and the focus trap. */
export function MobileDrawer({ open, onOpenChange, returnFocusRef, children }: MobileDrawerProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="shell-fade fixed inset-0 z-40 bg-black/50 lg:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(e) => {
            e.preventDefault();
            returnFocusRef.current?.focus();
          }}
          className="shell-drawer fixed inset-y-0 left-0 z-50 flex w-80 max-w-[85vw] flex-col border-r bg-card text-card-foreground shadow-xl focus:outline-none lg:hidden"
        >
          <div className="flex h-16 shrink-0 items-center justify-between border-b px-4">
            <Dialog.Title asChild>
              <div>
                <Brand />
                <span className="sr-only">Menú de navegación</span>
              </div>
            </Dialog.Title>
            <Dialog.Close
              aria-label="Cerrar menú"
              className="inline-flex h-9 w-9 items-center justify-center rounded-md hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <X className="h-5 w-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1">{children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

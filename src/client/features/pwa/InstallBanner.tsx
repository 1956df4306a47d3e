import { Download, Share, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import {
  INSTALL_BANNER_DELAY_MS,
  installStore,
  isIosDevice,
  isStandalone,
  manualInstallInstructions,
  type BeforeInstallPromptEvent,
} from './install';

/** Install-app banner of the landing page (part 1 §4 'Install banner', §8 'Install'). */
export function InstallBanner() {
  const [visible, setVisible] = useState(false);
  const [ios] = useState(() => typeof navigator !== 'undefined' && isIosDevice(navigator.userAgent, navigator.maxTouchPoints));
  const promptRef = useRef<BeforeInstallPromptEvent | null>(null);

  useEffect(() => {
    if (isStandalone() || installStore.isInstalled()) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showLater = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!isStandalone() && !installStore.isInstalled() && !installStore.isDismissed()) setVisible(true);
      }, INSTALL_BANNER_DELAY_MS);
    };
    const onPrompt = (e: Event) => {
      e.preventDefault();
      promptRef.current = e as BeforeInstallPromptEvent;
      showLater();
    };
    const onInstalled = () => {
      installStore.markInstalled();
      promptRef.current = null;
      clearTimeout(timer);
      setVisible(false);
    };
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    // iOS never offers a prompt: the banner with share-menu instructions follows the same delay.
    if (ios) showLater();
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, [ios]);

  if (!visible) return null;

  const dismiss = () => {
    installStore.dismiss();
    setVisible(false);
  };

  const install = async () => {
    const prompt = promptRef.current;
    if (!prompt) {
      window.alert(manualInstallInstructions(navigator.userAgent, navigator.maxTouchPoints));
      return;
    }
    try {
      await prompt.prompt();
      const choice = await prompt.userChoice;
      promptRef.current = null;
      if (choice.outcome === 'accepted') setVisible(false);
    } catch (err) {
      console.error('Error al mostrar la instalación', err);
    }
  };

  // The bottom of the screen belongs to the hero's 'Comenzar Gratis' (and the other call-to-action buttons as the page
  // scrolls) and to the chat button: the banner hangs just below the sticky landing header instead, over the hero's
  // heading, never over a button. Phones in portrait: full width under the header's two rows (h-16 + h-11 + borders);
  // from `sm` (tablets, phones in landscape, desktop): a card in the top-right corner under its one row (h-16 + border).
  return (
    <div
      role="region"
      aria-label="Instalar aplicación"
      className="fixed inset-x-2 top-[calc(var(--offline-offset,0px)+6.75rem+2px+0.5rem)] z-30 rounded-xl border bg-card p-3 text-card-foreground shadow-xl sm:left-auto sm:right-4 sm:top-[calc(var(--offline-offset,0px)+4rem+1px+0.75rem)] sm:w-full sm:max-w-sm sm:p-4"
    >
      <div className="flex items-start gap-3">
        <img src="/icons/icon-192.png" alt="" width={40} height={40} className="size-10 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">Instala Rendix</p>
          {ios ? (
            <p className="mt-1 text-xs text-muted-foreground">
              Toca <Share className="inline size-3.5 align-text-bottom" aria-label="Compartir" /> Compartir y luego
              “Agregar a inicio” para usar Rendix como una aplicación.
            </p>
          ) : (
            <p className="mt-1 text-xs text-muted-foreground">Accede más rápido a tus rendiciones, incluso con mala conexión.</p>
          )}
        </div>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Cerrar aviso de instalación"
          className="-m-1 rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {!ios && (
        <div className="mt-2 flex justify-end gap-2 sm:mt-3">
          <Button variant="ghost" size="sm" onClick={dismiss}>
            Ahora no
          </Button>
          <Button size="sm" onClick={() => void install()}>
            <Download aria-hidden="true" />
            Instalar
          </Button>
        </div>
      )}
    </div>
  );
}

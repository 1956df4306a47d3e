import { buttonVariants } from '@client/components/ui/button-variants';
import { h, icon } from '@client/lib/dom';
import { DOWNLOAD, SHARE, X } from '@client/lib/icons';
import {
  INSTALL_BANNER_DELAY_MS,
  installStore,
  isIosDevice,
  isStandalone,
  manualInstallInstructions,
  type BeforeInstallPromptEvent,
} from './install';

/**
 * Install-app banner of the landing page (part 1 §4 'Install banner', §8 'Install'). Plain DOM like the chat widget
 * (issue 18 item 8): it listens from the landing's first script on. Appends into `host`; the returned function stops
 * listening and removes it.
 */
export function mountInstallBanner(host: HTMLElement): () => void {
  const ios = isIosDevice(navigator.userAgent, navigator.maxTouchPoints);
  let prompt: BeforeInstallPromptEvent | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let banner: HTMLElement | null = null;

  const hide = () => {
    banner?.remove();
    banner = null;
  };
  const dismiss = () => {
    installStore.dismiss();
    hide();
  };
  const install = async () => {
    if (!prompt) {
      window.alert(manualInstallInstructions(navigator.userAgent, navigator.maxTouchPoints));
      return;
    }
    try {
      const offered = prompt;
      await offered.prompt();
      const choice = await offered.userChoice;
      prompt = null;
      if (choice.outcome === 'accepted') hide();
    } catch (err) {
      console.error('Error al mostrar la instalación', err);
    }
  };

  const show = () => {
    if (banner) return;
    // The bottom of the screen belongs to the hero's 'Comenzar Gratis' (and the other call-to-action buttons as the
    // page scrolls) and to the chat button: the banner hangs just below the sticky landing header instead, over the
    // hero's heading, never over a button. Phones in portrait: full width under the header's two rows (h-16 + h-11 +
    // borders); from `sm` (tablets, phones in landscape, desktop): a card in the top-right corner under its one row.
    banner = h(
      'div',
      {
        role: 'region',
        'aria-label': 'Instalar aplicación',
        class:
          'fixed inset-x-2 top-[calc(var(--offline-offset,0px)+6.75rem+2px+0.5rem)] z-30 rounded-xl border bg-card p-3 text-card-foreground shadow-xl sm:left-auto sm:right-4 sm:top-[calc(var(--offline-offset,0px)+4rem+1px+0.75rem)] sm:w-full sm:max-w-sm sm:p-4',
      },
      h(
        'div',
        { class: 'flex items-start gap-3' },
        h('img', { src: '/icons/icon-192.png', alt: '', width: 40, height: 40, class: 'size-10 shrink-0 rounded-lg' }),
        h(
          'div',
          { class: 'min-w-0 flex-1' },
          h('p', { class: 'text-sm font-semibold' }, 'Instala Rendix'),
          ios
            ? h(
                'p',
                { class: 'mt-1 text-xs text-muted-foreground' },
                'Toca ',
                icon(SHARE, 'inline size-3.5 align-text-bottom', 'Compartir'),
                ' Compartir y luego “Agregar a inicio” para usar Rendix como una aplicación.',
              )
            : h('p', { class: 'mt-1 text-xs text-muted-foreground' }, 'Accede más rápido a tus rendiciones, incluso con mala conexión.'),
        ),
        h(
          'button',
          {
            type: 'button',
            'aria-label': 'Cerrar aviso de instalación',
            class: '-m-1 rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            onClick: dismiss,
          },
          icon(X, 'size-4'),
        ),
      ),
      !ios &&
        h(
          'div',
          { class: 'mt-2 flex justify-end gap-2 sm:mt-3' },
          h('button', { type: 'button', class: buttonVariants({ variant: 'ghost', size: 'sm' }), onClick: dismiss }, 'Ahora no'),
          h('button', { type: 'button', class: buttonVariants({ size: 'sm' }), onClick: () => void install() }, icon(DOWNLOAD, ''), 'Instalar'),
        ),
    );
    host.append(banner);
  };

  const showLater = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (!isStandalone() && !installStore.isInstalled() && !installStore.isDismissed()) show();
    }, INSTALL_BANNER_DELAY_MS);
  };
  const onPrompt = (e: Event) => {
    e.preventDefault();
    prompt = e as BeforeInstallPromptEvent;
    showLater();
  };
  const onInstalled = () => {
    installStore.markInstalled();
    prompt = null;
    clearTimeout(timer);
    hide();
  };

  if (isStandalone() || installStore.isInstalled()) return () => {};
  window.addEventListener('beforeinstallprompt', onPrompt);
  window.addEventListener('appinstalled', onInstalled);
  // iOS never offers a prompt: the banner with share-menu instructions follows the same delay.
  if (ios) showLater();
  return () => {
    clearTimeout(timer);
    window.removeEventListener('beforeinstallprompt', onPrompt);
    window.removeEventListener('appinstalled', onInstalled);
    hide();
  };
}

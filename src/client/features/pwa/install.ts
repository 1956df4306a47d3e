import { STORAGE } from '@client/lib/storage';

/** Part 1 §9: the banner appears 10 s after the prompt is offered; a dismissal lasts 7 days. */
export const INSTALL_BANNER_DELAY_MS = 10_000;
export const INSTALL_DISMISS_MS = 7 * 24 * 60 * 60 * 1000;

/** Chromium's install prompt event (not in lib.dom). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** The dismissed flag stores the dismissal time in ms; it counts for 7 days, an unreadable value counts as absent. */
export function isDismissalActive(stored: string | null, now: number): boolean {
  if (!stored) return false;
  const at = Number(stored);
  if (!Number.isFinite(at) || at <= 0) return false;
  return now - at < INSTALL_DISMISS_MS && at <= now + 60_000;
}

/** iPhone, iPod and iPad (iPadOS reports itself as a Mac with touch). */
export function isIosDevice(userAgent: string, maxTouchPoints = 0): boolean {
  if (/iPad|iPhone|iPod/i.test(userAgent)) return true;
  return /Macintosh/i.test(userAgent) && maxTouchPoints > 1;
}

export type Browser = 'edge' | 'chrome' | 'safari-ios' | 'other';
export function detectBrowser(userAgent: string, maxTouchPoints = 0): Browser {
  if (isIosDevice(userAgent, maxTouchPoints)) return 'safari-ios';
  if (/Edg\//i.test(userAgent)) return 'edge';
  if (/Chrome|Chromium|CriOS/i.test(userAgent)) return 'chrome';
  return 'other';
}

/** Part 1 §8 'Install': manual instructions when no prompt is available. */
export function manualInstallInstructions(userAgent: string, maxTouchPoints = 0): string {
  const lines = {
    chrome: '• Chrome: abre el menú (⋮) y elige "Instalar Rendix" o "Agregar a la pantalla de inicio".',
    'safari-ios': '• Safari en iPhone o iPad: toca Compartir y luego "Agregar a inicio".',
    edge: '• Edge: abre el menú (…), elige "Aplicaciones" y luego "Instalar este sitio como una aplicación".',
  };
  const first = detectBrowser(userAgent, maxTouchPoints);
  const order = (['chrome', 'safari-ios', 'edge'] as const).slice().sort((a, b) => Number(b === first) - Number(a === first));
  return ['Para instalar Rendix en tu dispositivo:', ...order.map((k) => lines[k])].join('\n');
}

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage unavailable */
  }
}

export const installStore = {
  isInstalled: () => read(STORAGE.installed) === 'true',
  markInstalled: () => write(STORAGE.installed, 'true'),
  isDismissed: (now = Date.now()) => isDismissalActive(read(STORAGE.installDismissed), now),
  dismiss: (now = Date.now()) => write(STORAGE.installDismissed, String(now)),
};

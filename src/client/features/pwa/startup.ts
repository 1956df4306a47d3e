/**
 * Loaded from index.html next to the app: registers the service worker (part 1 §7, errors ignored)
 * and shows a 'Sin conexión' strip while the browser is offline. Plain DOM, so it works on every page.
 */
const BANNER_ID = 'rx-offline-banner';

/** The strip's height, so the page moves down under it instead of being covered (index.css, sticky headers). */
const OFFSET_VAR = '--offline-offset';
const resize = new ResizeObserver(([entry]) => {
  document.documentElement.style.setProperty(OFFSET_VAR, `${Math.ceil(entry.borderBoxSize[0]?.blockSize ?? 0)}px`);
});

function renderOffline(): void {
  let el = document.getElementById(BANNER_ID);
  if (navigator.onLine) {
    if (el) resize.unobserve(el);
    el?.remove();
    document.documentElement.style.removeProperty(OFFSET_VAR);
    return;
  }
  if (el) return;
  el = document.createElement('div');
  el.id = BANNER_ID;
  el.setAttribute('role', 'status');
  el.className =
    'fixed inset-x-0 top-0 z-[60] bg-amber-500 px-4 py-2 text-center text-sm font-medium text-slate-950 shadow-md';
  el.textContent = 'Sin conexión. Estás viendo la versión guardada; los datos se actualizarán al volver a conectarte.';
  document.body.appendChild(el);
  resize.observe(el);
}

window.addEventListener('online', renderOffline);
window.addEventListener('offline', renderOffline);
renderOffline();

if ('serviceWorker' in navigator && import.meta.env.PROD) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      /* registration errors are ignored (part 1 §7) */
    });
  });
}

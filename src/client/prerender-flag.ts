/**
 * Set on <html> by index.html's inline script when the prerendered landing must not show: the browser holds a
 * session hint, or the path is not '/'. index.css hides #root while it is set; start-app.tsx clears both and renders.
 */
export const PRERENDER_OFF_ATTR = 'data-no-prerender';

/**
 * A few lines of DOM building for the landing's overlays (chat, install banner). They run on the prerendered landing
 * without React (issue 18 item 8: a phone hydrating the whole app waited ~3 s for the chat button), so this module
 * and what it imports must stay free of React and of the app's libraries.
 */

type Attrs = Record<string, string | number | boolean | undefined | ((e: never) => void)>;

/** An element with attributes (`on…` functions become listeners; false/undefined skip the attribute) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Node | string | null | false)[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (typeof value === 'function') el.addEventListener(name.slice(2).toLowerCase(), value as EventListener);
    else if (value !== undefined && value !== false) el.setAttribute(name, value === true ? '' : String(value));
  }
  for (const child of children) if (child) el.append(child);
  return el;
}

/** A lucide icon as `[tag, attributes][]`, the shape of lucide-react's `__iconData.node`. */
export type IconNode = readonly (readonly [string, Readonly<Record<string, string>>])[];
export interface IconData {
  name: string;
  node: IconNode;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The same <svg> lucide-react draws (attributes, `lucide lucide-<name>` classes), decorative unless given a label. */
export function icon(data: IconData, className: string, label?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  const attrs: Record<string, string> = {
    xmlns: SVG_NS,
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    'stroke-width': '2',
    'stroke-linecap': 'round',
    'stroke-linejoin': 'round',
    class: `lucide lucide-${data.name} ${className}`.trim(),
  };
  if (label) attrs['aria-label'] = label;
  else attrs['aria-hidden'] = 'true';
  for (const [k, v] of Object.entries(attrs)) svg.setAttribute(k, v);
  for (const [tag, childAttrs] of data.node) {
    const child = document.createElementNS(SVG_NS, tag);
    for (const [k, v] of Object.entries(childAttrs)) if (k !== 'key') child.setAttribute(k, v);
    svg.append(child);
  }
  return svg;
}

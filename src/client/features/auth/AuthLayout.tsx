import { CheckCircle2, Receipt } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="inline-flex items-center gap-2 text-xl font-bold text-primary">
      <span className="flex h-9 w-9 items-center justify-center rounded-lg bg-primary text-white">
        <Receipt className="h-5 w-5" aria-hidden />
      </span>
      Rendix
    </Link>
  );
}

/** Two columns on desktop: the form, and a side panel that sells the product. */
export function AuthLayout({ children, aside }: { children: ReactNode; aside: ReactNode }) {
  return (
    <div className="min-h-screen bg-gradient-to-br from-blue-50 via-background to-background dark:from-slate-900">
      <div className="mx-auto grid min-h-screen max-w-6xl items-center gap-8 px-4 py-8 lg:grid-cols-2 lg:gap-16">
        <main className="order-1 w-full">{children}</main>
        <aside className="order-2 hidden lg:block">{aside}</aside>
      </div>
    </div>
  );
}

export function FeatureList({ title, items, footer }: { title: string; items: string[]; footer?: ReactNode }) {
  return (
    <div className="space-y-6">
      <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item} className="flex items-start gap-3">
            <CheckCircle2 className="mt-0.5 h-5 w-5 shrink-0 text-green-600" aria-hidden />
            <span>{item}</span>
          </li>
        ))}
      </ul>
      {footer}
    </div>
  );
}

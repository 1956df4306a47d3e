import { cn } from '@client/lib/utils';

/** The Rendix mark (same drawing as the favicon) followed by the product name. */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold tracking-tight text-foreground', className)}>
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" className="fill-primary" />
        <path
          d="M20 16h16a10 10 0 0 1 2 19.8L46 48h-8.5l-7.2-12H27v12h-7zm7 6v8h8.5a4 4 0 0 0 0-8z"
          fill="#fff"
        />
      </svg>
      <span className="text-xl">Rendix</span>
    </span>
  );
}

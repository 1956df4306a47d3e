import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '@client/components/ui/card';

const TONES = {
  success: 'bg-green-100 text-green-600 dark:bg-green-900/40 dark:text-green-400',
  failure: 'bg-red-100 text-red-600 dark:bg-red-900/40 dark:text-red-400',
  neutral: 'bg-muted text-muted-foreground',
} as const;

/** The card the payment return pages share: a round icon, the page's one heading, a description, then the actions. */
export function PaymentResultCard({
  icon: Icon,
  tone,
  title,
  description,
  extra,
  contentClassName,
  children,
}: {
  icon: LucideIcon;
  tone: keyof typeof TONES;
  title: string;
  description: string;
  /** Under the description, inside the header (e.g. the payment number). */
  extra?: ReactNode;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto max-w-xl">
      <Card>
        <CardHeader className="items-center text-center">
          <span className={`mb-2 flex h-16 w-16 items-center justify-center rounded-full ${TONES[tone]}`}>
            <Icon className="h-9 w-9" aria-hidden />
          </span>
          <h1 className="text-2xl font-semibold leading-none tracking-tight">{title}</h1>
          <CardDescription>{description}</CardDescription>
          {extra}
        </CardHeader>
        <CardContent className={contentClassName}>{children}</CardContent>
      </Card>
    </div>
  );
}

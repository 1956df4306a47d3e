import { useMemo, useRef, useState } from 'react';
import { ArrowLeft, ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@client/components/ui/dialog';
import { isAdmin, useCurrentUser } from '@client/lib/auth';
import { onboardingSteps } from './steps';
import { useCompleteOnboarding, wasDismissed } from './useCompleteOnboarding';

/**
 * The five-step welcome dialog (part 2 §2.15). It opens by itself while the user has not completed
 * onboarding (never for super admins); closing, skipping, finishing or following a step's link
 * completes it and hides it at once, whatever the server answers (part 2 §4).
 */
export function OnboardingWizard() {
  const { user } = useCurrentUser();
  const complete = useCompleteOnboarding();
  const [hidden, setHidden] = useState(false);
  const [index, setIndex] = useState(0);
  const nextRef = useRef<HTMLButtonElement>(null);

  const firstName = user?.firstName ?? '';
  const admin = isAdmin(user);
  const steps = useMemo(() => onboardingSteps({ firstName, isAdmin: admin }), [firstName, admin]);

  if (!user || user.isSuperAdmin || user.hasCompletedOnboarding || hidden || wasDismissed(user.id)) return null;

  const finish = () => {
    setHidden(true);
    complete(user.id);
  };

  const step = steps[index];
  const total = steps.length;
  const isFirst = index === 0;
  const isLast = index === total - 1;
  const StepIcon = step.icon;
  const percent = Math.round(((index + 1) / total) * 100);

  const goBack = () => {
    const target = Math.max(0, index - 1);
    setIndex(target);
    // 'Anterior' becomes disabled on the first step; keep keyboard focus inside the dialog.
    if (target === 0) nextRef.current?.focus();
  };

  return (
    <Dialog open onOpenChange={(open) => !open && finish()}>
      <DialogContent
        className="gap-5 sm:max-w-xl"
        // A stray tap on the backdrop should not end the tour for good; X and Escape still close it.
        onPointerDownOutside={(event) => event.preventDefault()}
        // Start on 'Siguiente': the first tabbable control is 'Saltar', and Enter there would end the tour.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          nextRef.current?.focus();
        }}
      >
        <div className="space-y-2 pr-8">
          <div className="flex items-center justify-between text-xs font-medium text-muted-foreground">
            <span aria-live="polite" aria-atomic="true">
              Paso {index + 1} de {total}
              <span className="sr-only">: {step.title}</span>
            </span>
            <span aria-hidden>{percent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Progreso del recorrido"
            aria-valuemin={1}
            aria-valuemax={total}
            aria-valuenow={index + 1}
            aria-valuetext={`Paso ${index + 1} de ${total}`}
            className="h-2 overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full rounded-full bg-primary transition-[width] duration-300 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
          </div>
        </div>

        {/* A steady height keeps the buttons in place from step to step on larger screens. */}
        <div className="grid content-start gap-5 sm:min-h-[22rem]">
          <DialogHeader className="items-center gap-1 pr-0 text-center">
            <span className="mb-2 flex size-14 items-center justify-center rounded-2xl bg-primary text-primary-foreground shadow-lg shadow-primary/25">
              <StepIcon className="size-7" aria-hidden />
            </span>
            <DialogTitle className="text-xl text-balance">{step.title}</DialogTitle>
            <DialogDescription className="text-pretty">{step.description}</DialogDescription>
          </DialogHeader>

          <div className="rounded-lg border bg-background p-4">{step.body}</div>

          {step.link ? (
            <Button asChild variant="link" className="h-auto justify-self-center p-0">
              <Link to={step.link.to} onClick={finish}>
                {step.link.label}
                <ArrowRight aria-hidden />
              </Link>
            </Button>
          ) : null}
        </div>

        <div className="flex items-center justify-between gap-2 border-t pt-4">
          <Button type="button" variant="ghost" size="sm" onClick={finish}>
            Saltar
          </Button>
          <div className="flex gap-2">
            <Button type="button" variant="outline" size="sm" onClick={goBack} disabled={isFirst}>
              <ArrowLeft aria-hidden />
              Anterior
            </Button>
            <Button ref={nextRef} type="button" size="sm" onClick={isLast ? finish : () => setIndex(index + 1)}>
              {isLast ? 'Finalizar' : 'Siguiente'}
              {isLast ? <Check aria-hidden /> : <ArrowRight aria-hidden />}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

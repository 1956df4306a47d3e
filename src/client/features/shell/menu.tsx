import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import type { ComponentProps } from 'react';
import { cn } from '@client/lib/utils';

/** Styled Radix dropdown pieces shared by the user menu and the company switcher. */
export function MenuContent({ className, sideOffset = 6, ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content
        sideOffset={sideOffset}
        collisionPadding={8}
        className={cn(
          'shell-pop z-50 max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-[14rem] overflow-y-auto rounded-lg border bg-card p-1 text-card-foreground shadow-lg',
          className,
        )}
        {...props}
      />
    </DropdownMenu.Portal>
  );
}

const itemClass =
  'relative flex cursor-pointer select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50 data-[highlighted]:bg-muted [&_svg]:size-4 [&_svg]:shrink-0';

export function MenuItem({ className, ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={cn(itemClass, className)} {...props} />;
}

export function MenuCheckboxItem({ className, ...props }: ComponentProps<typeof DropdownMenu.CheckboxItem>) {
  return <DropdownMenu.CheckboxItem className={cn(itemClass, className)} {...props} />;
}

export function MenuRadioItem({ className, children, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem className={cn(itemClass, 'pl-8', className)} {...props}>
      <span className="absolute left-2 flex h-4 w-4 items-center justify-center">
        <DropdownMenu.ItemIndicator>
          <span className="block h-2 w-2 rounded-full bg-primary" />
        </DropdownMenu.ItemIndicator>
      </span>
      {children}
    </DropdownMenu.RadioItem>
  );
}

export function MenuLabel({ className, ...props }: ComponentProps<typeof DropdownMenu.Label>) {
  return <DropdownMenu.Label className={cn('px-2 py-1.5 text-xs font-medium text-muted-foreground', className)} {...props} />;
}

export function MenuSeparator({ className, ...props }: ComponentProps<typeof DropdownMenu.Separator>) {
  return <DropdownMenu.Separator className={cn('-mx-1 my-1 h-px bg-border', className)} {...props} />;
}

/** The look of a switch inside a menu row; the row itself is the checkbox for assistive tech. */
export function SwitchLook({ checked }: { checked: boolean }) {
  return (
    <span
      aria-hidden
      data-state={checked ? 'checked' : 'unchecked'}
      className="ml-auto inline-flex h-5 w-9 shrink-0 items-center rounded-full p-0.5 transition-colors data-[state=checked]:bg-primary data-[state=unchecked]:bg-slate-300 dark:data-[state=unchecked]:bg-slate-600"
    >
      <span className="block h-4 w-4 rounded-full bg-white shadow transition-transform data-[state=checked]:translate-x-4" data-state={checked ? 'checked' : 'unchecked'} />
    </span>
  );
}

import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { cn, initials } from '@client/lib/utils';

export interface AvatarPerson {
  firstName: string;
  lastName: string;
  email: string;
  profileImageUrl: string | null;
}

/** Profile image, or the person's initials while it loads or when there is none. */
export function UserAvatar({ user, className, fallbackClassName }: { user: AvatarPerson; className?: string; fallbackClassName?: string }) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex h-9 w-9 shrink-0 overflow-hidden rounded-full', className)}>
      {user.profileImageUrl ? <AvatarPrimitive.Image src={user.profileImageUrl} alt="" className="h-full w-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={user.profileImageUrl ? 400 : 0}
        className={cn('flex h-full w-full items-center justify-center bg-primary text-sm font-semibold text-primary-foreground', fallbackClassName)}
        aria-hidden
      >
        {initials(user.firstName, user.lastName, user.email)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

export function initials(firstName?: string | null, lastName?: string | null, email?: string | null): string {
  const s = `${firstName?.[0] ?? ''}${lastName?.[0] ?? ''}`.trim();
  return (s || email?.[0] || '?').toUpperCase();
}

import { BookOpen, Car, Cpu, Fuel, Hotel, Megaphone, Package, Receipt, ShoppingBag, Utensils, type LucideIcon } from 'lucide-react';
import { categoryKey } from '@shared/catalog';
import { cn } from '@client/lib/utils';

const ICONS: Record<string, LucideIcon> = {
  transporte: Car,
  alimentacion: Utensils,
  hospedaje: Hotel,
  materiales: Package,
  combustible: Fuel,
  capacitacion: BookOpen,
  tecnologia: Cpu,
  marketing: Megaphone,
  factura: Receipt,
  otros: ShoppingBag,
};

/** An unknown category uses the icon of 'otros' (part 1 §2). */
export function CategoryIcon({ category, className }: { category: string | null | undefined; className?: string }) {
  const Icon = ICONS[categoryKey(category ?? 'otros')] ?? ICONS.otros;
  return <Icon className={cn('h-4 w-4', className)} aria-hidden />;
}

/** Category names shown with underscores replaced by spaces. */
export function categoryLabel(category: string | null | undefined): string {
  return (category ?? 'otros').replace(/_/g, ' ');
}

import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { catalogItemSchema, costCenterSchema, paymentMethodSchema } from '@shared/catalog';

/**
 * The editable fields of every catalog entry. A category or payment method uses name,
 * accountingCode and description; a cost center code and description. The shared schemas
 * strip the fields a resource does not have, so one form shape serves the three tabs.
 */
export interface CatalogDraft {
  name: string;
  code: string;
  accountingCode: string;
  description: string;
  isActive: boolean;
  /** Payment methods only: the employee's own money, reimbursed once approved. */
  reimbursable: boolean;
}

/** What the server validates and stores: the output of the shared schema. */
export type CatalogPayload = z.output<typeof catalogItemSchema> | z.output<typeof paymentMethodSchema> | z.output<typeof costCenterSchema>;

/** A row of any of the three lists (CatalogItem or CostCenter). */
export interface CatalogEntry {
  id: string;
  name?: string;
  code?: string;
  accountingCode?: string | null;
  description: string | null;
  isActive: boolean;
  reimbursable?: boolean;
}

export type TextField = 'name' | 'code' | 'accountingCode' | 'description';

export interface CatalogResource {
  /** Tab value, also used in ?tab= */
  tab: string;
  tabLabel: string;
  endpoint: string;
  queryKey: readonly [string];
  /** Prefix of the form ids: new-{idPrefix}-{field}, edit-{idPrefix}-{field}. */
  idPrefix: string;
  /** Lowercase noun for messages ('Error al crear categoría'). */
  noun: string;
  /** Capitalised noun for success titles ('Categoría creada'). */
  title: string;
  feminine: boolean;
  /** The identifying field: name, or code for cost centers. */
  primary: { field: 'name' | 'code'; label: string; placeholder: string };
  fields: { field: TextField; label: string; placeholder: string }[];
  emptyText: string;
  /** A yes/no field of the resource (payment methods: reimbursable), shown as a checkbox and a badge. */
  flag?: { field: 'reimbursable'; label: string; hint: string; badge: string };
  resolver: Resolver<CatalogDraft, unknown, CatalogPayload>;
}

/**
 * react-hook-form's Resolver type is invariant in the field names, and the draft carries the
 * fields of all three resources; at run time the shared schema simply strips the ones it lacks.
 */
function draftResolver(resolver: unknown): Resolver<CatalogDraft, unknown, CatalogPayload> {
  return resolver as Resolver<CatalogDraft, unknown, CatalogPayload>;
}

const descriptionField = { field: 'description', label: 'Descripción', placeholder: 'Opcional' } as const;

export const CATALOG_RESOURCES: CatalogResource[] = [
  {
    tab: 'categorias',
    tabLabel: 'Categorías',
    endpoint: '/api/categories',
    queryKey: ['/api/categories'],
    idPrefix: 'category',
    noun: 'categoría',
    title: 'Categoría',
    feminine: true,
    primary: { field: 'name', label: 'Nombre', placeholder: 'Ej: Alimentación' },
    fields: [
      { field: 'name', label: 'Nombre', placeholder: 'Ej: Alimentación' },
      { field: 'accountingCode', label: 'Código contable', placeholder: 'Ej: 5101' },
      descriptionField,
    ],
    emptyText: 'No hay categorías configuradas',
    resolver: draftResolver(zodResolver(catalogItemSchema)),
  },
  {
    tab: 'medios-de-pago',
    tabLabel: 'Medios de Pago',
    endpoint: '/api/payment-methods',
    queryKey: ['/api/payment-methods'],
    idPrefix: 'payment-method',
    noun: 'medio de pago',
    title: 'Medio de pago',
    feminine: false,
    primary: { field: 'name', label: 'Nombre', placeholder: 'Ej: Tarjeta de crédito' },
    fields: [
      { field: 'name', label: 'Nombre', placeholder: 'Ej: Tarjeta de crédito' },
      { field: 'accountingCode', label: 'Código contable', placeholder: 'Ej: 2105' },
      descriptionField,
    ],
    emptyText: 'No hay medios de pago configurados',
    flag: {
      field: 'reimbursable',
      label: 'Se reembolsa al empleado',
      hint: 'Marca los medios pagados con dinero propio (efectivo, tarjeta personal): sus gastos aprobados quedan por reembolsar.',
      badge: 'Reembolsable',
    },
    resolver: draftResolver(zodResolver(paymentMethodSchema)),
  },
  {
    tab: 'centros-de-costo',
    tabLabel: 'Centros de Costo',
    endpoint: '/api/cost-centers',
    queryKey: ['/api/cost-centers'],
    idPrefix: 'cost-center',
    noun: 'centro de costo',
    title: 'Centro de costo',
    feminine: false,
    primary: { field: 'code', label: 'Código', placeholder: 'Ej: CC-100' },
    fields: [{ field: 'code', label: 'Código', placeholder: 'Ej: CC-100' }, descriptionField],
    emptyText: 'No hay centros de costo configurados',
    resolver: draftResolver(zodResolver(costCenterSchema)),
  },
];

export const EMPTY_DRAFT: CatalogDraft = { name: '', code: '', accountingCode: '', description: '', isActive: true, reimbursable: false };

export function toDraft(entry: CatalogEntry): CatalogDraft {
  return {
    name: entry.name ?? '',
    code: entry.code ?? '',
    accountingCode: entry.accountingCode ?? '',
    description: entry.description ?? '',
    isActive: entry.isActive,
    reimbursable: entry.reimbursable ?? false,
  };
}

export function primaryOf(resource: CatalogResource, entry: CatalogEntry): string {
  return (resource.primary.field === 'code' ? entry.code : entry.name) ?? '';
}

/** 'Categoría creada' / 'Medio de pago creado'. */
export function pastTitle(resource: CatalogResource, verb: 'cread' | 'actualizad' | 'eliminad' | 'activad' | 'desactivad'): string {
  return `${resource.title} ${verb}${resource.feminine ? 'a' : 'o'}`;
}

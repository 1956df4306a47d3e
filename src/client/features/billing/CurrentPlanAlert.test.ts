import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { PLANS } from '@shared/plans';
import { CurrentPlanAlert, currentPlanOf } from './CurrentPlanAlert';
import type { UserWithPeriod } from './queries';

const user = (over: Partial<UserWithPeriod>): UserWithPeriod =>
  ({ currentCompanyId: 'c1', planId: 'free', subscriptionStatus: 'free', role: 'admin', isSuperAdmin: false, ...over }) as UserWithPeriod;

/** The alert's text, rendered on the server (no scheduled-change query runs without a company). */
const alertText = (u: UserWithPeriod) =>
  renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(CurrentPlanAlert, { user: u }))).replace(/<[^>]+>/g, ' ');

// Issue 16 item 12 leftover: the current-plan alert never names a plan the company is not on ('Pro').
describe('current plan alert', () => {
  test('names every known plan by its own name', () => {
    for (const plan of PLANS) expect(currentPlanOf(user({ planId: plan.id, subscriptionStatus: plan.price ? 'pro' : 'free' }))).toEqual({ id: plan.id, name: plan.name });
    expect(currentPlanOf(user({ planId: 'premium', subscriptionStatus: 'pro' }))).toEqual({ id: 'professional', name: 'Profesional' });
  });

  test('an unknown plan id or no company names no plan (never the made-up "Pro")', () => {
    expect(currentPlanOf(user({ planId: 'platinum', subscriptionStatus: 'pro' }))).toEqual({ id: null, name: null });
    expect(currentPlanOf(user({ planId: null, currentCompanyId: null, subscriptionStatus: 'free' }))).toEqual({ id: null, name: null });
    expect(currentPlanOf(user({ planId: null, currentCompanyId: null, subscriptionStatus: 'pro' }))).toEqual({ id: null, name: null });
  });

  test('without a company the alert says so and names no plan; with one, the plan in force', () => {
    const text = alertText(user({ planId: null, currentCompanyId: null, subscriptionStatus: 'free' }));
    expect(text).toContain('Aún no perteneces a una empresa.');
    expect(text).not.toContain('Plan actual');
    expect(text).not.toMatch(/\bPro\b|Gratuito/);
    // With one, the plan in force.
    expect(alertText(user({ planId: 'basic', subscriptionStatus: 'pro' }))).toMatch(/Plan actual:\s+Básico/);
  });
});

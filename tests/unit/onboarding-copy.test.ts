import { isValidElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { onboardingSteps } from '../../src/client/features/onboarding/steps.js';

/** Every word a step shows: title, description, body and link. */
function stepTexts(isAdmin: boolean): string[] {
  return onboardingSteps({ firstName: 'Camila', isAdmin }).map((s) =>
    [s.title, s.description, isValidElement(s.body) ? renderToStaticMarkup(s.body).replace(/<[^>]+>/g, ' ') : String(s.body), s.link?.label ?? ''].join(' '),
  );
}

// Issue 16 item 12 leftover: the person to invite may be a woman; the wizard does not say 'lo invite' / 'la agregamos'.
describe('onboarding wizard copy', () => {
  for (const isAdmin of [true, false]) {
    test(`${isAdmin ? 'admin' : 'employee'}: no gendered pronoun for the person to invite or add`, () => {
      for (const text of stepTexts(isAdmin)) {
        expect(text).not.toMatch(/\b(lo|la|los|las)\s+(invit|agreg|sum|incorpor)\w*/i);
        expect(text).not.toMatch(/\b(invit|agreg|sum|incorpor)(ar|e|es|amos)(lo|la|los|las)\b/i);
      }
    });
  }

  test('an employee is told how someone missing joins', () => {
    expect(stepTexts(false).join(' ')).toContain('Pide a tu administrador que le envíe una invitación desde la página Empresa.');
  });
});

import { ComingSoon } from '@client/features/placeholder/ComingSoon';

export function NewExpensePage() {
  return <ComingSoon title="NewExpensePage" />;
}

import { ComingSoon } from '@client/features/placeholder/ComingSoon';

export function ExpensesPage() {
  return <ComingSoon title="ExpensesPage" />;
}

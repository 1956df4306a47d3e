import { ComingSoon } from '@client/features/placeholder/ComingSoon';

export function DashboardPage() {
  return <ComingSoon title="DashboardPage" />;
}

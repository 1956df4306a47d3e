import { ComingSoon } from '@client/features/placeholder/ComingSoon';

export function ApprovalsPage() {
  return <ComingSoon title="ApprovalsPage" />;
}

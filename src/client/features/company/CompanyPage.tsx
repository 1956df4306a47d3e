import { ComingSoon } from '@client/features/placeholder/ComingSoon';

export function CompanyPage() {
  return <ComingSoon title="CompanyPage" />;
}

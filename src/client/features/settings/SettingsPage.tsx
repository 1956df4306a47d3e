import { ComingSoon } from '@client/features/placeholder/ComingSoon';

export function SettingsPage() {
  return <ComingSoon title="SettingsPage" />;
}

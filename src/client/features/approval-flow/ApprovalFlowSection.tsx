import { AssignmentsCard } from './AssignmentsCard';
import { PoliciesCard } from './PoliciesCard';
import { RulesCard } from './RulesCard';

/** Configuración → 'Flujo de aprobación' (admins): rules, managers' teams, policies checked at filing. */
export function ApprovalFlowSection() {
  return (
    <div className="space-y-6">
      <RulesCard />
      <AssignmentsCard />
      <PoliciesCard />
    </div>
  );
}

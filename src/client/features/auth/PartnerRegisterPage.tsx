export function PartnerRegisterPage() {
  return <div>Partner</div>;
}

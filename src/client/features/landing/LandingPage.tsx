export function LandingPage() {
  return <div>Rendix</div>;
}

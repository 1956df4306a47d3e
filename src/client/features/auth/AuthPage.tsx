export function AuthPage() {
  return <div>Auth</div>;
}

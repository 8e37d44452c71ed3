import { useNavigate, useSearchParams } from 'react-router';
import { SignInPage } from './sign-in-page';

/** The sign-in page inside the router (after a sign-out, or a link to /sign-in while the console runs). */
export function SignInRoute() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return <SignInPage from={params.get('from')} onSignedIn={(path) => navigate(path, { replace: true })} />;
}

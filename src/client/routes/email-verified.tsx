import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useAuth } from '../lib/auth/use-auth.ts';
import { currentSession } from '../lib/auth/session-store.ts';
import { AccountNotice } from '../features/auth/components/account-notice.tsx';
import { ResendVerification } from '../features/auth/components/resend-verification.tsx';
import { welcomePending } from '../features/auth/api/welcome-api.ts';
import { verifyLinkProblem, VERIFY_LINK_PROBLEMS } from '../features/auth/lib/link-problems.ts';

/** Where the verification link lands: verified (and signed in), or why the link did not work. */
export async function loader({ request }: LoaderFunctionArgs) {
  const error = new URL(request.url).searchParams.get('error');
  const user = await currentSession();
  return {
    problem: error ? verifyLinkProblem(error) : null,
    // A new account verified and signed in: its welcome comes next.
    welcome: !error && user ? await welcomePending() : false,
  };
}

const DOCUMENT_TITLE = 'E-mail Verification · TaskBid';

/** /email-verified and /email-verified?error=TOKEN_EXPIRED | TOKEN_USED | INVALID_TOKEN | EMAIL_TAKEN. */
export function Component() {
  const { problem, welcome } = useLoaderData<typeof loader>();
  const { user } = useAuth();

  if (!problem)
    return (
      <AccountNotice
        tone="done"
        title="Your e-mail address is verified"
        text={
          user
            ? `Thanks for confirming ${user.email}. You're signed in and ready to go.`
            : 'Thanks for confirming your address. Sign in to carry on.'
        }
        documentTitle={DOCUMENT_TITLE}
      >
        {user && welcome ? (
          <Link to="/welcome" className="btn btn-primary w-full">
            Get started
          </Link>
        ) : user ? (
          <>
            <Link to="/browse-tasks" className="btn btn-primary w-full">
              Browse Tasks
            </Link>
            <Link to="/add-task" className="btn btn-outline w-full">
              Post a Task
            </Link>
          </>
        ) : (
          <Link to="/login" className="btn btn-primary w-full">
            Login
          </Link>
        )}
      </AccountNotice>
    );

  const { title, text } = VERIFY_LINK_PROBLEMS[problem];
  return (
    <AccountNotice tone="problem" title={title} text={text} documentTitle={DOCUMENT_TITLE}>
      {problem === 'taken' ? (
        <Link to={user ? '/profile/email' : '/login'} className="btn btn-primary w-full">
          {user ? 'Back to settings' : 'Login'}
        </Link>
      ) : !user ? (
        <>
          <p className="text-sm text-base-content/75">Sign in, and we'll offer you a new link.</p>
          <Link to="/login" className="btn btn-primary w-full">
            Login
          </Link>
        </>
      ) : user.emailVerified ? (
        <>
          <p className="text-sm text-base-content/75">
            {user.email} is already verified: there is nothing more to do.
          </p>
          <Link to="/browse-tasks" className="btn btn-primary w-full">
            Browse Tasks
          </Link>
        </>
      ) : (
        <ResendVerification email={user.email} />
      )}
    </AccountNotice>
  );
}

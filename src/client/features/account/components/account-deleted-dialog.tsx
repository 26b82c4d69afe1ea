import { useSearchParams } from 'react-router';
import { AppDialog } from '../../../components/ui/app-dialog.tsx';

/** The goodbye on the home page after an account was deleted (`?account=deleted`). */
export function AccountDeletedDialog() {
  const [params, setParams] = useSearchParams();
  return (
    <AppDialog
      open={params.get('account') === 'deleted'}
      tone="success"
      title="Your account has been deleted"
      onClose={() => setParams({}, { replace: true })}
    >
      You are signed out. We have sent a confirmation to your e-mail address. Thank you for using
      TaskBid.
    </AppDialog>
  );
}

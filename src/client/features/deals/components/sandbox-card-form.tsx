import { Lock } from 'lucide-react';
import { Form } from 'react-router';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { SandboxCardFields } from './sandbox-card-fields.tsx';

/** The sandbox's card form (the pay screen): its card fields; posts intent `pay` with `card`. */
export function SandboxCardForm({ busy, payLabel }: { busy: boolean; payLabel: string }) {
  return (
    <Form method="post" className="flex flex-col gap-4">
      <input type="hidden" name="intent" value="pay" />
      <SandboxCardFields />
      <SubmitButton label={payLabel} busyLabel="Paying" icon={Lock} busy={busy} />
    </Form>
  );
}

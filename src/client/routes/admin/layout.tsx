import { Outlet, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ROLE_NAMES } from '../../../shared/operators/rules.ts';
import { ConsoleMenu } from '../../features/operators/components/console-menu.tsx';
import { paymentsConfig } from '../../lib/payments-config.ts';
import { operatorOnly } from './console-context.ts';

/** The console exists only for operators: a member gets the 404 page (console-context.ts). */
export async function loader({ context }: LoaderFunctionArgs) {
  const me = await operatorOnly(context);
  return { me, paymentsOn: (await paymentsConfig()).mode !== 'off' };
}

/**
 * /admin (operators): the console's menu above its screens. Support reads; moderators act
 * on the queue and on people; admins also change roles and read the audit log. Each screen
 * has its own h1 (the focus goes there on navigation).
 */
export function Component() {
  const { me, paymentsOn } = useLoaderData<typeof loader>();
  return (
    <div className="page-container py-8 sm:py-10">
      <div className="mb-6 flex flex-col gap-3 border-b border-base-300 pb-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm font-medium text-base-content/75">
          Operator console · signed in as {ROLE_NAMES[me.role]}
        </p>
        <ConsoleMenu role={me.role} paymentsOn={paymentsOn} />
      </div>
      <Outlet context={me} />
    </div>
  );
}

import { Navigate, Outlet, useLoaderData, useLocation, useMatches } from 'react-router';
import { paymentsConfig } from '../../lib/payments-config.ts';
import { SettingsSection } from '../../features/account/components/settings-section.tsx';
import { SettingsMenu } from './settings-menu.tsx';
import {
  SETTINGS_SECTIONS,
  listedSections,
  sectionAt,
  settingsUrl,
  type SettingsHandle,
} from './sections.ts';

/** Whether the payment sections are listed (payment protection on). */
export async function loader() {
  return { paymentsOn: (await paymentsConfig()).mode !== 'off' };
}

/**
 * /profile (protected): the account settings, one section a route. The heading and the side
 * menu stay; the section's card (its title from the menu, its description from the section
 * route's `handle`) holds the section route.
 */
export function Component() {
  const { paymentsOn } = useLoaderData<typeof loader>();
  const { pathname, hash } = useLocation();
  const matches = useMatches();
  const section = sectionAt(pathname) ?? SETTINGS_SECTIONS[0]!;
  // Links from before the sections had addresses (/profile#notifications) open that section.
  const linked = hash ? SETTINGS_SECTIONS.find((s) => s.id === hash.slice(1)) : undefined;
  if (linked && section === SETTINGS_SECTIONS[0] && linked !== section)
    return <Navigate to={settingsUrl(linked)} replace />;
  const { description, tone } = (matches.at(-1)?.handle ?? { description: '' }) as SettingsHandle;
  const title = section === SETTINGS_SECTIONS[0] ? '' : `${section.title} · `;
  return (
    <div className="page-container py-8 sm:py-12">
      <title>{`${title}Profile Settings · TaskBid`}</title>
      <div className="mx-auto max-w-5xl">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Profile Settings</h1>
        <p className="mt-1 text-base-content/75">
          Your profile, how you sign in, and what we send you.
        </p>
        <div className="mt-6 grid gap-6 sm:mt-8 lg:grid-cols-[15rem_1fr] lg:gap-8">
          <SettingsMenu current={section} sections={listedSections(paymentsOn)} />
          <div className="min-w-0">
            <SettingsSection
              key={section.id}
              id={section.id}
              title={section.title}
              description={description}
              tone={tone}
            >
              <Outlet />
            </SettingsSection>
          </div>
        </div>
      </div>
    </div>
  );
}

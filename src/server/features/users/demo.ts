import { profiles } from '../../platform/db/schema.ts';
import type { DemoData } from '../../platform/demo.ts';
import demoProfiles from './demo-profiles.json' with { type: 'json' };

/** What the demo people say about themselves on their public profiles, by e-mail. */
export const DEMO_PROFILES: Record<string, { headline: string; skills: string[]; bio: string }> =
  demoProfiles;

/** The demo people's public profiles. */
export const profileDemo: DemoData = async (tx, scene) => {
  const people = scene.people;
  await tx
    .insert(profiles)
    .values(
      people.map((p) => {
        const text = DEMO_PROFILES[p.email];
        return {
          userId: p.id,
          headline: text?.headline ?? '',
          bio: text?.bio ?? '',
          skills: text?.skills ?? [],
          location: scene.locations[people.indexOf(p) % scene.locations.length] ?? '',
        };
      }),
    )
    .onConflictDoNothing();
};

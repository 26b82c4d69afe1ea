import type { AvailableFrequency } from '../../../../shared/alerts/rules.ts';

/** The frequencies the dialog offers, as it names them. */
export const FREQUENCY_LABELS: Record<AvailableFrequency, string> = {
  instant: 'Instant',
  paused: 'Paused',
};

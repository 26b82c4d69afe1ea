import { Check, Circle, Info } from 'lucide-react';
import {
  checkPasswordRules,
  estimatePasswordStrength,
  PASSWORD_RULES,
  STRENGTH_LABELS,
  type PasswordOwner,
} from '../../../shared/passwords/rules.ts';

interface PasswordRulesProps {
  /** The password as typed so far. */
  value: string;
  /** Whose password it is, when the form knows; otherwise their words are checked on saving. */
  owner?: PasswordOwner;
}

const SEGMENTS = [1, 2, 3, 4] as const;
const STRENGTH_COLOUR = ['bg-error', 'bg-error', 'bg-warning', 'bg-success', 'bg-success'];

/**
 * The rules of a new password (shared/passwords/rules.ts, the server's own), each ticked as it
 * is met, and a strength meter on the server's scale. Shown from the start, under the field.
 */
export function PasswordRules({ value, owner }: PasswordRulesProps) {
  const met = checkPasswordRules(value, owner ?? {});
  const strength = estimatePasswordStrength(value, owner ?? {});
  return (
    <div className="mt-1 flex flex-col gap-2">
      <p className="font-medium text-base-content/80">Your password needs:</p>
      <ul className="flex flex-col gap-1">
        {PASSWORD_RULES.map((rule) => {
          const unknown = rule.id === 'personal' && !owner;
          const done = !unknown && met[rule.id];
          const Icon = unknown ? Info : done ? Check : Circle;
          return (
            <li key={rule.id} className="flex items-center gap-1.5">
              <Icon
                className={`size-3.5 shrink-0 ${done ? 'text-success' : 'text-base-content/60'}`}
                aria-hidden="true"
              />
              <span>
                {rule.label}
                <span className="sr-only">
                  {unknown ? ' (checked when you save)' : done ? ' (met)' : ' (not met yet)'}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {value ? (
        <div className="flex items-center gap-2">
          <div className="flex w-28 gap-1" aria-hidden="true">
            {SEGMENTS.map((segment) => (
              <span
                key={segment}
                className={`h-1.5 flex-1 rounded-full ${segment <= Math.max(strength, 1) ? STRENGTH_COLOUR[strength] : 'bg-base-300'}`}
              />
            ))}
          </div>
          <p aria-live="polite">Strength: {STRENGTH_LABELS[strength]}</p>
        </div>
      ) : null}
    </div>
  );
}

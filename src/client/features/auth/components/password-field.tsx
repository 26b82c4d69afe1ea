import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';

interface PasswordFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  minLength?: number;
  maxLength?: number;
  /** The password rule, shown under the field. */
  rule?: string;
  disabled?: boolean;
}

/** A password input with a show/hide switch. */
export function PasswordField(props: PasswordFieldProps) {
  const { id, label, value, onChange, autoComplete, minLength, maxLength, rule, disabled } = props;
  const [visible, setVisible] = useState(false);
  const ruleId = rule ? `${id}-rule` : undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name="password"
          type={visible ? 'text' : 'password'}
          className="input w-full pr-12"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required
          minLength={minLength}
          maxLength={maxLength}
          aria-describedby={ruleId}
          disabled={disabled}
        />
        <button
          type="button"
          className="btn btn-ghost btn-sm btn-square absolute top-1/2 right-1 z-10 -translate-y-1/2"
          onClick={() => setVisible((shown) => !shown)}
          aria-label={visible ? 'Hide password' : 'Show password'}
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? (
            <EyeOff className="size-4" aria-hidden="true" />
          ) : (
            <Eye className="size-4" aria-hidden="true" />
          )}
        </button>
      </div>
      {rule ? (
        <p id={ruleId} className="text-xs text-base-content/70">
          {rule}
        </p>
      ) : null}
    </div>
  );
}

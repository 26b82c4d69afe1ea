import { useEffect, useRef, useState } from 'react';
import type { PasswordOwner } from '../../../../shared/passwords/rules.ts';
import { ACCOUNT_LIMITS } from '../../../../shared/limits.ts';
import { PasswordRules } from '../../../components/ui/password-rules.tsx';
import { PasswordField } from './password-field.tsx';

interface NewPasswordFieldProps {
  label: string;
  name?: string;
  disabled?: boolean;
  /**
   * Whose password it is: `form` reads the name and e-mail typed in the same form (sign-up);
   * leave it out where the page does not know (a reset link), and the server checks it.
   */
  owner?: 'form' | PasswordOwner;
}

/** The form's `name` and `email` fields as they are now. */
function ownerIn(form: HTMLFormElement | null): PasswordOwner {
  const value = (field: string) => {
    const control = form?.elements.namedItem(field);
    return control instanceof HTMLInputElement ? control.value : '';
  };
  return { name: value('name'), email: value('email') };
}

/**
 * A password being chosen: the field with its show/hide switch, and under it the rules it
 * must meet, ticking as they are met, with a strength meter. Its module (and the rules'
 * short list of common passwords) loads with the forms that choose a password only.
 */
export function NewPasswordField({ owner, ...field }: NewPasswordFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [typed, setTyped] = useState<PasswordOwner>({});

  // Sign-up: the rules follow the name and e-mail as they are typed, before or after.
  useEffect(() => {
    const form = input.current?.form ?? null;
    if (owner !== 'form' || !form) return;
    const follow = () => setTyped(ownerIn(form));
    follow();
    form.addEventListener('input', follow);
    return () => form.removeEventListener('input', follow);
  }, [owner]);

  return (
    <PasswordField
      {...field}
      ref={input}
      autoComplete="new-password"
      {...ACCOUNT_LIMITS.password}
      onInput={(event) => setValue(event.currentTarget.value)}
      rule={<PasswordRules value={value} owner={owner === 'form' ? typed : owner} />}
    />
  );
}

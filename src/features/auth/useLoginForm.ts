// The sign-in form's state, without react-hook-form: /login is the one screen whose whole first load
// counts against the 100 kB gzip budget (docs/performance.md), and react-hook-form is 12 kB of it.
// It behaves as the shop's other forms do with react-hook-form's defaults: the rules are checked on
// submit (the same `checkField` and messages as everywhere, src/domain/validation.ts), the first
// field in error gets the focus, and once submitted every change checks again. The inputs are
// uncontrolled; what was last submitted stays, so the form comes back filled after the code step.
import { useRef, useState, type FormEvent } from 'react';
import { checkField, loginRules } from '../../domain/validation';
import type { Credentials } from './authAPI';

type Name = keyof Credentials;
export type LoginErrors = Partial<Record<Name, string>>;

const NAMES: Name[] = ['email', 'password'];

function read(form: HTMLFormElement): Credentials {
  const value = (name: Name) => (form.elements.namedItem(name) as HTMLInputElement).value;
  return { email: value('email'), password: value('password') };
}

function errorsOf(values: Credentials): LoginErrors {
  const errors: LoginErrors = {};
  for (const name of NAMES) {
    const message = checkField(values[name], loginRules[name]);
    if (message) errors[name] = message;
  }
  return errors;
}

export function useLoginForm(onValid: (credentials: Credentials) => void) {
  const [errors, setErrors] = useState<LoginErrors>({});
  const submitted = useRef(false);
  const values = useRef<Credentials>({ email: '', password: '' });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submitted.current = true;
    const form = event.currentTarget;
    values.current = read(form);
    const found = errorsOf(values.current);
    setErrors(found);
    const first = NAMES.find((name) => found[name]);
    if (first) (form.elements.namedItem(first) as HTMLInputElement).focus();
    else onValid(values.current);
  }

  function onChange(event: FormEvent<HTMLFormElement>) {
    if (submitted.current) setErrors(errorsOf(read(event.currentTarget)));
  }

  return { errors, values: values.current, formProps: { noValidate: true, onSubmit, onChange } };
}

import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';

/** A labelled input with its hint and its error under it (the error is announced, and tied to the input). */
export function FormField({
  label,
  error,
  hint,
  after,
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string; hint?: ReactNode; after?: ReactNode; ref?: Ref<HTMLInputElement> }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      <div className={after ? 'form-input-row' : undefined}>
        <input ref={ref} id={id} className="form-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
        {after}
      </div>
      {hint ? (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** 手机号: the account's mobile number. */
export function PhoneField({ error, ref }: { error?: string; ref?: Ref<HTMLInputElement> }) {
  return <FormField ref={ref} label="手机号" name="phone" type="tel" inputMode="numeric" autoComplete="tel" maxLength={11} error={error} />;
}

/** The server's refusal (or another message about the whole form), announced when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return message ? (
    <p className="form-alert" role="alert">
      {message}
    </p>
  ) : null;
}

/** Focuses the first field the check marked, so a keyboard or screen reader user lands on what to fix. */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
}

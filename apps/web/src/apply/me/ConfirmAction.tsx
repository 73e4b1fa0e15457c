import { type ReactNode, useEffect, useId, useRef, useState } from 'react';

/**
 * A button whose action needs a second, explicit step: the question with 确认 and 取消 appears in place (no dialog,
 * so it works the same in the WeChat browser and with a screen reader).
 */
export function ConfirmAction({
  label,
  question,
  confirmLabel,
  pendingLabel,
  pending,
  error,
  disabled = false,
  primary = false,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** The refusal to show under the question (role=alert). */
  error?: ReactNode;
  disabled?: boolean;
  primary?: boolean;
  onConfirm(): void;
}) {
  const [asking, setAsking] = useState(false);
  const questionId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useEffect(() => {
    if (asking || !cancelled.current) return;
    cancelled.current = false;
    button.current?.focus();
  }, [asking]);
  if (!asking) {
    return (
      <button
        ref={button}
        type="button"
        className={primary ? 'site-button site-button-primary' : 'site-button'}
        disabled={disabled}
        onClick={() => setAsking(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div className="me-confirm" role="group" aria-labelledby={questionId}>
      <p id={questionId}>{question}</p>
      {error ? (
        <div className="me-error" role="alert">
          {error}
        </div>
      ) : null}
      <div className="me-actions">
        <button type="button" className="site-button site-button-primary" disabled={pending} onClick={onConfirm}>
          {pending ? pendingLabel : confirmLabel}
        </button>
        <button
          type="button"
          className="site-button"
          disabled={pending}
          autoFocus
          onClick={() => {
            cancelled.current = true;
            setAsking(false);
          }}
        >
          取消
        </button>
      </div>
    </div>
  );
}

import { type ReactNode, useId } from 'react';
import { POSITION_STATUS_VALUES } from '@zhaokao/contracts';
import { type FieldKind, POSITION_STATUS_LABELS } from './resume-form';
import { FieldNotes, describedBy } from './field-notes';
import { PhotoField } from './PhotoField';

const AUTOCOMPLETE: Record<string, string> = { realName: 'name', phone: 'tel', email: 'email', postalAddress: 'street-address' };

/** One field of a section that is not a list, edited as its kind says. */
export function ScalarField({
  code,
  label,
  kind,
  value,
  onChange,
  error,
  hint,
  locked = false,
}: {
  code: string;
  label: string;
  kind: FieldKind;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  hint?: ReactNode;
  /** Read-only: derived from another field, or no longer to be changed. */
  locked?: boolean;
}) {
  const id = useId();
  const invalid = error ? true : undefined;
  const described = describedBy(id, hint, error);

  if (kind === 'photo') {
    return <PhotoField id={id} label={label} value={String(value ?? '')} onChange={onChange} error={error} />;
  }

  if (kind === 'sex' || kind === 'archivesStatus') {
    const options: [string | number, string][] =
      kind === 'sex'
        ? [
            ['1', '男'],
            ['2', '女'],
          ]
        : [
            [1, '是'],
            [0, '否'],
          ];
    return (
      <fieldset className="form-field form-choices" aria-describedby={described}>
        <legend>{label}</legend>
        <div className="form-choice-row">
          {options.map(([optionValue, text]) => (
            <label key={text} className="form-choice">
              <input
                type="radio"
                name={`${id}-${code}`}
                checked={value === optionValue}
                aria-invalid={invalid}
                disabled={locked && value !== optionValue}
                onChange={() => onChange(optionValue)}
              />
              {text}
            </label>
          ))}
        </div>
        <FieldNotes id={id} hint={hint} error={error} />
      </fieldset>
    );
  }

  const common = {
    id,
    className: 'form-input',
    'aria-invalid': invalid,
    'aria-describedby': described,
    readOnly: locked,
  };

  let control: ReactNode;
  if (kind === 'positionStatus') {
    control = (
      <select {...common} disabled={locked} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)}>
        <option value="">请选择</option>
        {POSITION_STATUS_VALUES.map((v) => (
          <option key={v} value={v}>
            {POSITION_STATUS_LABELS[v]}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'textarea') {
    control = <textarea {...common} rows={4} value={String(value ?? '')} onChange={(e) => onChange(e.target.value)} />;
  } else {
    const typed =
      kind === 'date'
        ? { type: 'date' }
        : kind === 'number'
          ? { type: 'number', inputMode: 'numeric' as const, min: 0, max: 60, step: 1 }
          : kind === 'tel'
            ? { type: 'tel', inputMode: 'numeric' as const, maxLength: 11 }
            : kind === 'email'
              ? { type: 'email', inputMode: 'email' as const }
              : kind === 'identityNo'
                ? { type: 'text', maxLength: 18, autoCapitalize: 'characters', spellCheck: false }
                : { type: 'text' };
    control = (
      <input
        {...common}
        {...typed}
        autoComplete={AUTOCOMPLETE[code] ?? 'off'}
        value={String(value ?? '')}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  }

  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {control}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

import { useId, useRef, useState } from 'react';
import { joinUrls, splitUrls, uploadProblem } from '@zhaokao/contracts';
import { SiteError } from '../../site-api';
import { FieldNotes, describedBy } from './field-notes';
import { ENTRY_LABELS, ENTRY_NOUNS, type ListCode, type ListEntry, emptyEntry, entryFieldsOf, entryKindOf } from './resume-form';
import { uploadCandidateFile } from './upload';

/** A list of the resume (教育经历, 家庭成员 …): one group of fields per entry, entries added and removed. */
export function ListField({
  code,
  label,
  entries,
  onChange,
  errors,
}: {
  code: ListCode;
  label: string;
  entries: ListEntry[];
  onChange: (entries: ListEntry[]) => void;
  /** By path: `educationList` for the list, `educationList.0.schoolName` for an entry's field. */
  errors: Record<string, string>;
}) {
  const id = useId();
  const noun = ENTRY_NOUNS[code];
  const listError = errors[code];
  const setEntry = (index: number, field: string, value: string) =>
    onChange(entries.map((entry, i) => (i === index ? { ...entry, [field]: value } : entry)));

  return (
    <div className="resume-list" role="group" aria-label={label} aria-describedby={describedBy(id, false, listError)}>
      {entries.length === 0 ? <p className="site-muted">尚未填写{noun}。</p> : null}
      {entries.map((entry, index) => (
        <fieldset key={index} className="resume-entry">
          <legend>
            {noun} {index + 1}
          </legend>
          {entryFieldsOf(code).map((field) => (
            <EntryField
              key={field}
              field={field}
              label={ENTRY_LABELS[code][field] ?? field}
              value={entry[field] ?? ''}
              onChange={(value) => setEntry(index, field, value)}
              error={errors[`${code}.${index}.${field}`]}
            />
          ))}
          <button type="button" className="site-button resume-remove" onClick={() => onChange(entries.filter((_, i) => i !== index))}>
            删除{noun} {index + 1}
          </button>
        </fieldset>
      ))}
      <FieldNotes id={id} error={listError} />
      <button type="button" className="site-button" onClick={() => onChange([...entries, emptyEntry(code)])}>
        添加{noun}
      </button>
    </div>
  );
}

function EntryField({ field, label, value, onChange, error }: { field: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const id = useId();
  const kind = entryKindOf(field);
  if (kind === 'files') return <FileUrls id={id} label={label} value={value} onChange={onChange} error={error} />;
  const common = {
    id,
    className: 'form-input',
    value: kind === 'month' ? value.slice(0, 7) : value,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, kind === 'month', error),
    onChange: (e: { target: { value: string } }) => onChange(e.target.value),
  };
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {kind === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : kind === 'month' ? (
        <input {...common} type="month" placeholder="例如 2020-09" />
      ) : (
        <input {...common} type="text" autoComplete="off" />
      )}
      <FieldNotes id={id} hint={kind === 'month' ? '年月，例如 2020-09' : undefined} error={error} />
    </div>
  );
}

const ATTACHMENT_ACCEPT = '.jpg,.jpeg,.png,.pdf';

/** Files of an entry (a certificate's scan, an attachment): uploaded one by one, kept as comma-separated addresses. */
function FileUrls({ id, label, value, onChange, error }: { id: string; label: string; value: string; onChange: (v: string) => void; error?: string }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const urls = splitUrls(value);
  const shownError = problem ?? error;

  const onPick = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    setProblem(null);
    if (!file) return;
    const refused = uploadProblem('file', file.name, file.size);
    if (refused) return setProblem(refused);
    setBusy(true);
    try {
      const uploaded = await uploadCandidateFile(file, file.name, 'attachment');
      onChange(joinUrls([...urls, uploaded.url]));
    } catch (e) {
      setProblem(e instanceof SiteError ? e.message : '上传失败，请稍后再试');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="form-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy(id, true, shownError)}>
      <span id={`${id}-label`} className="form-label">
        {label}
      </span>
      {urls.length > 0 ? (
        <ul className="resume-files">
          {urls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener">
                文件 {i + 1}
              </a>
              <button type="button" className="site-button resume-file-remove" onClick={() => onChange(joinUrls(urls.filter((u) => u !== url)))}>
                删除文件 {i + 1}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <button type="button" className="site-button" disabled={busy} aria-invalid={shownError ? true : undefined} onClick={() => inputRef.current?.click()}>
        {busy ? '正在上传…' : '上传文件'}
      </button>
      <input ref={inputRef} type="file" accept={ATTACHMENT_ACCEPT} hidden aria-label={`选择${label}`} onChange={(e) => void onPick(e.target.files?.[0])} />
      <FieldNotes id={id} hint="JPG、PNG 或 PDF 文件" error={shownError} />
    </div>
  );
}

import { Suspense, lazy, useRef, useState } from 'react';
import { photoRuleText } from '@zhaokao/contracts';
import { FieldNotes, describedBy } from './field-notes';
import { usePhotoRule } from './photo-rule-context';

// The cropper (canvas, pointer handling, JPEG fitting) loads once a photo is chosen.
const PhotoCropper = lazy(() => import('./PhotoCropper').then((m) => ({ default: m.PhotoCropper })));

const PHOTO_TYPES = ['image/jpeg', 'image/png'];
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;

/** 证件照: the current photo, the rule, and a chosen picture cropped and compressed to the rule before uploading. */
export function PhotoField({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
}) {
  const { rule, planId, planName } = usePhotoRule();
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shownError = problem ?? error;

  const onPick = (picked: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    setProblem(null);
    if (!picked) return;
    if (!PHOTO_TYPES.includes(picked.type)) return setProblem('请选择 JPG 或 PNG 格式的照片');
    if (picked.size > MAX_SOURCE_BYTES) return setProblem('照片文件过大（超过 20 MB），请换一张');
    setFile(picked);
  };

  const close = () => {
    setFile(null);
    chooseRef.current?.focus();
  };

  return (
    <div className="form-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={describedBy(id, true, shownError)}>
      <span id={`${id}-label`} className="form-label">
        {label}
      </span>
      <div className="photo-row">
        {value ? (
          <img className="photo-preview" src={value} alt="已上传的证件照" width={118} height={165} />
        ) : (
          <span className="photo-preview photo-empty">未上传</span>
        )}
        <div className="photo-actions">
          <button ref={chooseRef} type="button" className="site-button" aria-invalid={shownError ? true : undefined} onClick={() => inputRef.current?.click()}>
            {value ? '更换照片' : '上传照片'}
          </button>
          {value ? (
            <button type="button" className="site-button" onClick={() => onChange('')}>
              删除照片
            </button>
          ) : null}
          <input
            ref={inputRef}
            type="file"
            accept={PHOTO_TYPES.join(',')}
            hidden
            aria-label={`选择${label}`}
            onChange={(e) => onPick(e.target.files?.[0])}
          />
        </div>
      </div>
      <FieldNotes id={id} hint={planName ? `「${planName}」的照片要求：${photoRuleText(rule)}` : photoRuleText(rule)} error={shownError} />
      {file ? (
        <Suspense fallback={<p role="status">正在打开裁剪工具…</p>}>
          <PhotoCropper
          file={file}
          rule={rule}
          planId={planId}
          onCancel={close}
          onDone={(url) => {
            onChange(url);
            close();
          }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}


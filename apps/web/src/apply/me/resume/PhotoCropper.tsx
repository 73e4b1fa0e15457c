import { type KeyboardEvent, type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import type { PhotoRule } from '@zhaokao/contracts';
import { SiteError } from '../../site-api';
import { MAX_ZOOM, type Placement, type Size, coverScale, encodeWithinRule, initialPlacement, moveBy, zoomTo } from './photo-fit';
import { uploadCandidateFile } from './upload';

const ARROW_STEPS: Record<string, [number, number]> = { ArrowLeft: [8, 0], ArrowRight: [-8, 0], ArrowUp: [0, 8], ArrowDown: [0, -8] };

/** The cropper: the picture behind a fixed frame of the rule's proportions; drag (or arrow keys) to move, slider to zoom. */
export function PhotoCropper({
  file,
  rule,
  planId,
  onCancel,
  onDone,
}: {
  file: File;
  rule: PhotoRule;
  /** The plan whose rule `rule` is: the upload is checked against it. */
  planId?: number;
  onCancel: () => void;
  onDone: (url: string) => void;
}) {
  const frame: Size = useMemo(() => ({ width: rule.width, height: rule.height }), [rule.width, rule.height]);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const drag = useRef<{ pointer: number; x: number; y: number } | null>(null);
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [placement, setPlacement] = useState<Placement | null>(null);
  const [state, setState] = useState<{ busy?: string; problem?: string }>({});

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.addEventListener('load', () => {
      setImage(img);
      setPlacement(initialPlacement({ width: img.naturalWidth, height: img.naturalHeight }, frame));
    });
    img.addEventListener('error', () => setState({ problem: '无法读取这张图片，请换一张 JPG 或 PNG 照片' }));
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file, frame]);

  useEffect(() => headingRef.current?.focus(), []);

  const size: Size | null = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;

  useEffect(() => {
    const ctx = canvasRef.current?.getContext('2d');
    if (!ctx || !image || !placement) return;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, frame.width, frame.height);
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, placement.x, placement.y, image.naturalWidth * placement.scale, image.naturalHeight * placement.scale);
  }, [image, placement, frame]);

  const zoom = size && placement ? placement.scale / coverScale(size, frame) : 1;

  /** Screen pixels to frame pixels: the canvas is shown smaller than it is. */
  const ratio = () => {
    const canvas = canvasRef.current;
    return canvas ? canvas.width / canvas.getBoundingClientRect().width : 1;
  };

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const last = drag.current;
    if (!last || last.pointer !== e.pointerId || !size || !placement) return;
    const r = ratio();
    setPlacement(moveBy(size, frame, placement, (e.clientX - last.x) * r, (e.clientY - last.y) * r));
    drag.current = { pointer: e.pointerId, x: e.clientX, y: e.clientY };
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onCanvasKey = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = ARROW_STEPS[e.key];
    if (!step || !size || !placement) return;
    e.preventDefault();
    setPlacement(moveBy(size, frame, placement, step[0], step[1]));
  };

  const confirm = async () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setState({ busy: '正在处理照片…' });
    const fit = await encodeWithinRule((q) => new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', q)), rule);
    if ('problem' in fit) return setState({ problem: fit.problem });
    setState({ busy: '正在上传照片…' });
    try {
      const uploaded = await uploadCandidateFile(fit.blob, 'photo.jpg', 'photo', planId);
      onDone(uploaded.url);
    } catch (error) {
      setState({ problem: error instanceof SiteError ? error.message : '上传失败，请稍后再试' });
    }
  };

  return (
    <div className="photo-backdrop">
      <div
        className="photo-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="photo-dialog-title"
        onKeyDown={(e) => {
          if (e.key === 'Escape' && !state.busy) onCancel();
        }}
      >
        <h2 id="photo-dialog-title" ref={headingRef} tabIndex={-1} className="site-subheading photo-dialog-title">
          裁剪证件照
        </h2>
        <p className="form-hint" id="photo-dialog-hint">
          拖动照片（或用方向键）调整位置，拖动滑块缩放，使头像位于框内。
        </p>
        <div className="photo-stage">
          <canvas
            ref={canvasRef}
            width={frame.width}
            height={frame.height}
            className="photo-canvas"
            tabIndex={0}
            role="img"
            aria-label="证件照裁剪区域"
            aria-describedby="photo-dialog-hint"
            onPointerDown={onPointerDown}
            onPointerMove={onPointerMove}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
            onKeyDown={onCanvasKey}
          />
          <span className="photo-guide" aria-hidden="true" />
        </div>
        <div className="form-field">
          <label htmlFor="photo-zoom">缩放</label>
          <input
            id="photo-zoom"
            className="photo-zoom"
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            aria-valuetext={`${Math.round(zoom * 100)}%`}
            disabled={!placement}
            onChange={(e) => size && placement && setPlacement(zoomTo(size, frame, placement, Number(e.target.value)))}
          />
        </div>
        {state.busy ? (
          <p className="form-hint" role="status">
            {state.busy}
          </p>
        ) : null}
        {state.problem ? (
          <p className="form-error" role="alert">
            {state.problem}
          </p>
        ) : null}
        <div className="photo-dialog-actions">
          <button type="button" className="site-button" onClick={onCancel} disabled={Boolean(state.busy)}>
            取消
          </button>
          <button type="button" className="site-button site-button-primary" onClick={() => void confirm()} disabled={!placement || Boolean(state.busy)}>
            确定
          </button>
        </div>
      </div>
    </div>
  );
}

import { Alert, App, Button, Skeleton } from 'antd';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import type { RichTextProps } from './RichTextEditor';

/** SPEC §5: an editor's form is confirmed only once every image has finished uploading. */
export const UPLOADING_MESSAGE = '图片或附件正在上传，请等待上传完成后再保存';

type EditorComponent = ComponentType<RichTextProps>;
/** The editor's code once loaded: later forms show it at once. */
let loaded: EditorComponent | null = null;

/**
 * The rich-text editor as an antd form field (value and onChange in HTML). Its code (TipTap) loads only when a form
 * shows it, so list and detail pages do not carry it. If the code cannot be loaded the error is shown with 重试
 * (SPEC §8), not an empty space.
 */
export function RichTextField(props: RichTextProps) {
  const [Editor, setEditor] = useState<EditorComponent | null>(() => loaded);
  const [error, setError] = useState<Error | null>(null);
  useEffect(() => {
    // Loads again on 重试, which clears the error.
    if (Editor || error) return;
    let current = true;
    import('./RichTextEditor').then(
      (module) => {
        loaded = module.default;
        if (current) setEditor(() => module.default);
      },
      (failure: unknown) => {
        if (current) setError(failure instanceof Error ? failure : new Error(String(failure)));
      },
    );
    return () => {
      current = false;
    };
  }, [Editor, error]);

  if (Editor) return <Editor {...props} />;
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        title="编辑器加载失败"
        description={`${error.message || '未知错误'}。请检查网络后重试。`}
        action={
          <Button
            size="small"
            onClick={() => setError(null)}
          >
            重试
          </Button>
        }
      />
    );
  }
  return <Skeleton.Node active style={{ width: '100%', height: 300 }} />;
}

/**
 * What a form with uploads needs: each upload field reports whether it is busy (`reporter('content')`), and
 * `refused()` — called when the user confirms — says UPLOADING_MESSAGE and answers true while any is.
 */
export function useUploadGate() {
  const { message } = App.useApp();
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const reporter = useCallback(
    (source: string) => (uploading: boolean) => setBusy((b) => (Boolean(b[source]) === uploading ? b : { ...b, [source]: uploading })),
    [],
  );
  const uploading = Object.values(busy).some(Boolean);
  const refused = () => {
    if (uploading) message.warning(UPLOADING_MESSAGE);
    return uploading;
  };
  return { uploading, reporter, refused };
}

import { LoadingOutlined } from '@ant-design/icons';
import { Alert, Empty, Typography } from 'antd';
import { useState } from 'react';

/**
 * A picture the server draws at `url` (a poster, a QR code), at most `width` wide and kept to its proportions, with a
 * note while it is drawn (not a Spin: drawing can take seconds, and the page is usable meanwhile) and a message when it
 * fails; `empty` is said while there is no `url` yet.
 */
export function ServerImage({ url, alt, width, height, empty }: { url: string | undefined; alt: string; width: number; height: number; empty: string }) {
  const [settled, setSettled] = useState<{ url: string; failed: boolean }>();
  if (!url) return <Empty description={empty} style={{ padding: '48px 0' }} />;
  const done = settled?.url === url;
  return (
    <div style={{ position: 'relative', maxWidth: width, margin: '0 auto' }}>
      {done && settled.failed && <Alert type="error" showIcon title="图片生成失败，请稍后重试" style={{ marginBottom: 12 }} />}
      <img
        src={url}
        alt={alt}
        width={width}
        height={height}
        style={{ display: 'block', opacity: done ? 1 : 0.4, width: '100%', height: 'auto', aspectRatio: `${width} / ${height}`, borderRadius: 8, boxShadow: '0 4px 18px rgb(0 0 0 / 12%)' }}
        onLoad={() => setSettled({ url, failed: false })}
        onError={() => setSettled({ url, failed: true })}
      />
      {!done && (
        <Typography.Text type="secondary" style={{ position: 'absolute', top: '45%', left: 0, right: 0, textAlign: 'center' }}>
          <LoadingOutlined aria-hidden /> 正在生成图片…
        </Typography.Text>
      )}
    </div>
  );
}

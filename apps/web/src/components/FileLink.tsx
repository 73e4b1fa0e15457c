import { ExportOutlined } from '@ant-design/icons';
import { fileUrlKind } from '@zhaokao/contracts';
import { Typography } from 'antd';
import type { ReactNode } from 'react';

interface Props {
  url: string;
  /** The name a downloaded own file is saved under. */
  download?: string;
  children: ReactNode;
}

/**
 * A link to an attachment, opened in a new tab. Our own files link plainly; an `https:` address on another
 * site is marked 外部链接; any other address (an old row from before links were checked) is not a link.
 */
export function FileLink({ url, download, children }: Props) {
  const kind = fileUrlKind(url);
  if (kind === 'own') {
    return (
      <Typography.Link href={url} download={download} target="_blank" rel="noopener noreferrer">
        {children}
      </Typography.Link>
    );
  }
  if (kind === 'external') {
    return (
      <Typography.Link href={url} target="_blank" rel="noopener noreferrer" title={url}>
        {children}
        <Typography.Text type="secondary" style={{ marginLeft: 4 }}>
          <ExportOutlined /> 外部链接
        </Typography.Text>
      </Typography.Link>
    );
  }
  return (
    <Typography.Text type="secondary" title="链接地址不正确，已停用">
      {children}（链接不可用）
    </Typography.Text>
  );
}

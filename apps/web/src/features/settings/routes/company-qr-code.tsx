import { Button, Card, QRCode, Space, Typography } from 'antd';
import { useSessionUser } from '../../../lib/session';

function download() {
  const canvas = document.querySelector<HTMLCanvasElement>('#company-qr-code canvas');
  if (!canvas) return;
  const link = document.createElement('a');
  link.download = '公司二维码.png';
  link.href = canvas.toDataURL('image/png');
  link.click();
}

export default function CompanyQrCodePage() {
  const { data: user } = useSessionUser();
  if (!user) return null;
  const url = `${location.origin}/login?id=${user.company.id}`;
  return (
    <Card title="公司二维码">
      <Space direction="vertical" align="center" style={{ width: '100%' }}>
        <Typography.Title level={4}>{user.company.name}</Typography.Title>
        <div id="company-qr-code">
          <QRCode value={url} size={240} aria-label="公司二维码" />
        </div>
        <Typography.Paragraph copyable={{ text: url }} type="secondary">
          扫码打开本单位登录页：{url}
        </Typography.Paragraph>
        <Button type="primary" onClick={download}>
          下载二维码
        </Button>
      </Space>
    </Card>
  );
}

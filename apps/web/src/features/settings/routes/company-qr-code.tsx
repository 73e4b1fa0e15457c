import { DownloadOutlined } from '@ant-design/icons';
import { COMPANY_QR_HEIGHT, COMPANY_QR_WIDTH, companyQrCodePng } from '@zhaokao/contracts';
import { Button, Card, Space, Typography } from 'antd';
import { useState } from 'react';
import { ServerImage } from '../../../components/ServerImage';
import { downloadFile, fileUrl } from '../../../lib/download';
import { useSessionUser } from '../../../lib/session';
import { useCompanyQrCodeLink } from '../api/settings-api';

/** 公司二维码 (only while the company holds the right): leads candidates to the company's page of the candidate site. */
export default function CompanyQrCodePage() {
  const { data: user } = useSessionUser();
  const { data: link } = useCompanyQrCodeLink();
  const [downloading, setDownloading] = useState(false);
  const pngUrl = fileUrl(companyQrCodePng, {});

  async function download() {
    setDownloading(true);
    try {
      await downloadFile(pngUrl, `${user?.company.name ?? '公司'}-公司二维码.png`);
    } finally {
      setDownloading(false);
    }
  }

  return (
    <Card className="page-card" title="公司二维码">
      <Space orientation="vertical" align="center" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ textAlign: 'center' }}>
          考生扫码即可查看本单位发布的招录计划并在线报名；下载后可印在宣传材料上或分享给考生。
        </Typography.Paragraph>
        <div style={{ width: 300, maxWidth: '100%' }}>
          <ServerImage url={pngUrl} alt="公司二维码" width={COMPANY_QR_WIDTH / 2} height={COMPANY_QR_HEIGHT / 2} empty="" />
        </div>
        {link && (
          <Typography.Paragraph copyable={{ text: link.url }} type="secondary" style={{ textAlign: 'center', wordBreak: 'break-all' }}>
            扫码打开本单位报名页：{link.url}
          </Typography.Paragraph>
        )}
        <Button type="primary" icon={<DownloadOutlined aria-hidden />} loading={downloading} onClick={() => void download()}>
          下载二维码
        </Button>
      </Space>
    </Card>
  );
}

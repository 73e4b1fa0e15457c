import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { PRODUCT_TITLE } from '@zhaokao/contracts';
import { Card, Descriptions, Flex, Skeleton, Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { useTicketVerification } from '../api/ticket-api';

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * /ticketVerify?token=…: where a ticket's QR code leads, open to anyone. Says whether the ticket is genuine and, masked,
 * whose it is and for which exam; an unknown or malformed token reads as not found.
 */
export default function TicketVerifyPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const wellFormed = TOKEN_PATTERN.test(token);
  const { token: colours } = theme.useToken();

  useEffect(() => {
    document.title = `准考证查验 - ${PRODUCT_TITLE}`;
  }, []);

  return (
    <main style={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', padding: 16, background: colours.colorBgLayout, boxSizing: 'border-box' }}>
      <Card style={{ width: 440, maxWidth: '100%' }} title={<h1 style={{ fontSize: 18, margin: 0 }}>准考证查验</h1>}>
        {wellFormed ? <Verification token={token} /> : <NotFound />}
      </Card>
    </main>
  );
}

function Verification({ token }: { token: string }) {
  const { data, isLoading, isError } = useTicketVerification(token);
  const { token: colours } = theme.useToken();
  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (isError || !data?.genuine) return <NotFound />;
  return (
    <>
      <Flex vertical align="center" gap={8} style={{ marginBottom: 16 }} role="status">
        <CheckCircleFilled style={{ fontSize: 48, color: colours.colorSuccess }} aria-hidden />
        <Typography.Title level={2} style={{ fontSize: 20, margin: 0, color: colours.colorSuccessText }}>
          准考证真实有效
        </Typography.Title>
      </Flex>
      <Descriptions
        size="small"
        bordered
        column={1}
        styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
        items={[
          { key: 'name', label: '持证人', children: data.maskedName },
          { key: 'identity', label: '身份证号码', children: data.maskedIdentityNo },
          { key: 'company', label: '招录单位', children: data.companyName },
          { key: 'plan', label: '招录计划', children: data.planName },
          { key: 'stage', label: '考试', children: data.stageName },
          { key: 'post', label: '报考岗位', children: data.jobVacancy },
          { key: 'code', label: '准考证号', children: data.ticketCode },
          { key: 'room', label: '考场', children: data.roomName },
          { key: 'seat', label: '座位号', children: data.seat },
          { key: 'time', label: '考试时间', children: data.examTime || '—' },
          { key: 'place', label: '考试地点', children: data.examAddress || '—' },
        ]}
      />
    </>
  );
}

function NotFound() {
  const { token: colours } = theme.useToken();
  return (
    <Flex vertical align="center" gap={8} style={{ padding: '16px 0' }} role="status">
      <CloseCircleFilled style={{ fontSize: 48, color: colours.colorError }} aria-hidden />
      <Typography.Title level={2} style={{ fontSize: 18, margin: 0, color: colours.colorError, textAlign: 'center' }}>
        未查询到该准考证，可能是伪造或已作废
      </Typography.Title>
      <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
        请核对准考证上的二维码，或向招录单位查询。
      </Typography.Text>
    </Flex>
  );
}

import { BankOutlined, EnvironmentOutlined, TeamOutlined, WalletOutlined } from '@ant-design/icons';
import { formatYuan } from '@zhaokao/contracts';
import { Avatar, Card, Col, Descriptions, Empty, Row, Skeleton, Statistic, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useHomeOverview } from '../api/home-api';

export default function HomePage() {
  const { data, isLoading } = useHomeOverview();
  if (isLoading || !data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const { company } = data;
  return (
    <>
      <Card className="page-card" title="单位信息">
        <div style={{ display: 'flex', gap: 20, alignItems: 'center', flexWrap: 'wrap' }}>
          {company.logo ? (
            <Avatar shape="square" size={72} src={company.logo} alt={`${company.name}标志`} />
          ) : (
            <Avatar shape="square" size={72} style={{ background: '#1f6fd1', fontSize: 30 }}>
              {company.name.slice(0, 1)}
            </Avatar>
          )}
          <div style={{ flex: 1, minWidth: 240 }}>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {company.name}
            </Typography.Title>
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2 }}
              style={{ marginTop: 8 }}
              items={[
                { key: 'industry', label: <><BankOutlined /> 所属行业</>, children: company.industryName || '未设置' },
                { key: 'address', label: <><EnvironmentOutlined /> 单位地址</>, children: company.address || '未设置' },
              ]}
            />
          </div>
        </div>
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic
              title="单位钱包余额"
              prefix={<WalletOutlined />}
              value={data.wallet ? formatYuan(data.wallet.totalBalance) : '无查看权限'}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic
              title="工作人员（启用 / 全部）"
              prefix={<TeamOutlined />}
              value={data.enabledStaffCount}
              suffix={`/ ${data.staffCount}`}
            />
          </Card>
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Card>
            <Statistic title="角色 / 已上传文件" value={data.roleCount} suffix={`/ ${data.fileCount}`} />
          </Card>
        </Col>
      </Row>
      <Card className="page-card" title="已购买权益" style={{ marginTop: 16 }}>
        {data.rights.length === 0 ? (
          <Empty description="暂未购买功能项" />
        ) : (
          data.rights.map((r) => (
            <Tag key={r.functionCode} color="blue" style={{ marginBottom: 8 }}>
              {r.name}（有效期至 {dayjs(r.validUntil).format('YYYY-MM-DD')}）
            </Tag>
          ))
        )}
      </Card>
    </>
  );
}

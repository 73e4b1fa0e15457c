import { type CompanyRightRow } from '@zhaokao/contracts';
import { Button, Card, Space, Table, Tag } from 'antd';
import { formatTime } from '../../../lib/time';
import { useNavigate } from 'react-router';
import { useCompanyRights } from '../api/company-rights';

const STATES: Record<CompanyRightRow['state'], { text: string; color: string }> = {
  active: { text: '生效中', color: 'green' },
  future: { text: '未生效', color: 'blue' },
  expired: { text: '已过期', color: 'default' },
};

/** 已购买权益: every right the company holds or held, with its validity and what is left of its quota. */
export default function MealBuyPage() {
  const { data: rights, isLoading } = useCompanyRights();
  const navigate = useNavigate();
  return (
    <Card
      className="page-card"
      title="已购买权益"
      extra={
        <Space>
          <Button onClick={() => navigate('/selectResume/chooseAResumePackage')}>购买套餐</Button>
          <Button type="primary" onClick={() => navigate('/setting/selectResumeFunction')}>
            单购功能项
          </Button>
        </Space>
      }
    >
      <Table<CompanyRightRow>
        rowKey="id"
        aria-label="已购买权益列表"
        loading={isLoading}
        dataSource={rights}
        scroll={{ x: 820 }}
        pagination={{ pageSize: 20, showTotal: (total) => `共 ${total} 条`, hideOnSinglePage: true }}
        locale={{ emptyText: '还没有购买任何权益' }}
        columns={[
          { title: '功能项', dataIndex: 'name', width: 160 },
          { title: '生效时间', dataIndex: 'validFrom', width: 170, render: (v: string) => formatTime(v) },
          { title: '到期时间', dataIndex: 'validUntil', width: 170, render: (v: string) => formatTime(v) },
          { title: '状态', dataIndex: 'state', width: 90, render: (s: CompanyRightRow['state']) => <Tag color={STATES[s].color}>{STATES[s].text}</Tag> },
          {
            title: '使用次数',
            key: 'quota',
            width: 140,
            render: (_, r) => (r.quota === null ? '不限次数' : `已用 ${r.used} / 共 ${r.quota}（剩余 ${r.quota - r.used}）`),
          },
          { title: '订单号', dataIndex: 'orderNo', render: (v: string) => v || '—' },
        ]}
      />
    </Card>
  );
}

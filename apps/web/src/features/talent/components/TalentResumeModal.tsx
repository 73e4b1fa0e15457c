import { LockOutlined, PrinterOutlined, UnlockOutlined } from '@ant-design/icons';
import { BUY_STATUS, type TalentInfo, talentResumePdf } from '@zhaokao/contracts';
import { Alert, Button, Descriptions, Modal, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { DataTable } from '../../../components/DataTable';
import { ResumeSections } from '../../../components/application-detail/ResumeSections';
import { LazyPaymentDialog } from '../../../components/payment/LazyPaymentDialog';
import { announce } from '../../../lib/api-client';
import { useDictLabel } from '../../../lib/dict';
import { fileUrl } from '../../../lib/download';
import { invalidateEndpoints } from '../../../lib/query';
import { useHasPermission } from '../../../lib/session';
import { UNLOCK_READS, useBuyOrder, useFreeUnlock, useQuotaUnlock, useTalentInfo } from '../api/talent-api';

type ApplicationRow = TalentInfo['applications'][number];

const priceText = (priceY: string) => (priceY.startsWith('¥') ? priceY : `¥${priceY}`);

/** SPEC dialog 3: a talent's resume, masked until the company has unlocked it, with 打印简历 and 查看简历 / 购买简历. */
export function TalentResumeModal({ talentId, onClose }: { talentId: number; onClose(): void }) {
  const { data: info, isLoading } = useTalentInfo(talentId);
  const free = useFreeUnlock();
  const quota = useQuotaUnlock();
  const buy = useBuyOrder();
  const canBuy = useHasPermission(['talent:buy']);
  const statusLabel = useDictLabel('candidate_app_status');
  const [paying, setPaying] = useState<string>();

  const locked = info?.buyStatus === BUY_STATUS.locked;
  const pdfUrl = fileUrl(talentResumePdf, { id: talentId });

  async function order() {
    try {
      const placed = await buy.mutateAsync({ id: talentId });
      setPaying(placed.orderId);
    } catch {
      // the server's message has been shown
    }
  }

  const unlockButtons = !info || !locked ? null : info.ownApplicant ? (
    <Button type="primary" icon={<UnlockOutlined />} loading={free.isPending} onClick={() => void announce(free.mutateAsync({ id: talentId }), '简历已解锁')}>
      查看简历
    </Button>
  ) : canBuy ? (
    <>
      {info.quotaLeft > 0 && (
        <Popconfirm
          title="使用 1 次简历额度解锁该简历？"
          okText="确定"
          onConfirm={() => announce(quota.mutateAsync({ id: talentId }), '简历已解锁')}
        >
          <Button type="primary" loading={quota.isPending}>
            使用简历额度（剩余 {info.quotaLeft} 次）
          </Button>
        </Popconfirm>
      )}
      <Button type={info.quotaLeft > 0 ? 'default' : 'primary'} loading={buy.isPending} onClick={() => void order()}>
        购买简历（{priceText(info.priceY)}）
      </Button>
    </>
  ) : null;

  return (
    <Modal
      open
      title={info ? `人才简历：${info.realName}` : '人才简历'}
      width={1000}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap style={{ justifyContent: 'flex-end' }}>
          <Button onClick={onClose}>关闭</Button>
          <Button icon={<PrinterOutlined />} href={pdfUrl} target="_blank" rel="noreferrer" disabled={!info}>
            打印简历
          </Button>
          {unlockButtons}
        </Space>
      }
    >
      {isLoading || !info ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              { key: 'name', label: '姓名', children: info.realName },
              {
                key: 'state',
                label: '简历状态',
                children: locked ? (
                  <Tag icon={<LockOutlined />} color="orange">
                    未解锁
                  </Tag>
                ) : (
                  <Tag icon={<UnlockOutlined />} color="green">
                    已解锁
                  </Tag>
                ),
              },
              {
                key: 'black',
                label: '黑名单',
                children: info.blacklisted ? <Tag color="red">已加入黑名单</Tag> : <Tag>否</Tag>,
              },
            ]}
          />
          {locked && (
            <Alert
              type="warning"
              showIcon
              title="简历未解锁：联系方式（手机号、邮箱）已隐藏，最近一段工作经历不显示"
              description={
                info.ownApplicant
                  ? '该人才报名过本单位的岗位，可免费查看完整简历。'
                  : info.quotaLeft > 0
                    ? `可使用简历额度（剩余 ${info.quotaLeft} 次）或购买（${priceText(info.priceY)}）解锁完整简历。`
                    : `购买（${priceText(info.priceY)}）后可查看完整简历。`
              }
            />
          )}
          {info.blacklisted && (
            <Alert type="error" showIcon title="该人才已在本单位黑名单中，不能报名本单位的岗位" description={`拉黑原因：${info.blacklistReason || '—'}`} />
          )}
          <ResumeSections resume={info.resume} name={info.realName} />
          <section aria-label="报名本单位记录">
            <Typography.Title level={5}>报名本单位记录</Typography.Title>
            <DataTable<ApplicationRow>
              label="报名本单位记录"
              size="small"
              bordered
              rowKey="id"
              pagination={false}
              scroll={{ x: 640 }}
              dataSource={info.applications}
              locale={{ emptyText: '未报名过本单位的岗位' }}
              columns={[
                { title: '招录计划', dataIndex: 'planName' },
                { title: '报考岗位', dataIndex: 'jobVacancy' },
                { title: '报名状态', dataIndex: 'status', width: 140, render: (s: number) => statusLabel(s) },
                { title: '报名时间', dataIndex: 'createdAt', width: 170, render: (v: string) => formatTime(v) },
              ]}
            />
          </section>
        </Space>
      )}
      <LazyPaymentDialog
        orderId={paying}
        onClose={() => setPaying(undefined)}
        onPaid={() => void invalidateEndpoints(UNLOCK_READS)}
      />
    </Modal>
  );
}

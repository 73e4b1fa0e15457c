import { DUPLICATE_KINDS, type DuplicateGroup, exportDuplicateGroups } from '@zhaokao/contracts';
import { Card, Empty, Flex, Pagination, Skeleton, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { actionsColumn } from '../../../lib/columns';
import { DataTable } from '../../../components/DataTable';
import { ExportButton } from '../../../components/ExportButton';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { useDuplicateGroups } from '../api/examine-api';
import { PlanSelect } from '../../../components/PlanSelect';
import { StatusTag } from '../../../components/StatusTag';
import { lazyModal } from '../../../components/lazy-modal';

const ApplicationDetailModal = lazyModal(() => import('../../../components/application-detail/ApplicationDetailModal').then((m) => m.ApplicationDetailModal));

type Member = DuplicateGroup['members'][number];

const KIND_COLOURS: Record<DuplicateGroup['kind'], string> = { identity: 'red', phone: 'orange', nameBirthday: 'gold' };
const GROUPS_PER_PAGE = 10;

/** 应聘查重: applications that look like one person applying twice, in groups, each with why. */
export default function DuplicateCheckingPage() {
  const { filters, setFilters, page, setPage } = useUrlFilters({ planId: 'id' }, GROUPS_PER_PAGE);
  const { data: groups, isLoading } = useDuplicateGroups(filters.planId);
  const [viewing, setViewing] = useState<number>();
  const shown = (groups ?? []).slice((page.pageNum - 1) * page.pageSize, page.pageNum * page.pageSize);

  return (
    <Card
      title="应聘查重"
      extra={
        <Space wrap>
          <PlanSelect allowEmpty value={filters.planId} onChange={(planId) => setFilters({ planId })} />
          <ExportButton endpoint={exportDuplicateGroups} input={{ planId: filters.planId }} fileName="应聘查重.xlsx" />
        </Space>
      }
    >
      <Typography.Paragraph type="secondary">
        以下报名记录疑似同一人多次报名：{Object.values(DUPLICATE_KINDS).join('；')}。
        {groups && groups.length > 0 && ` 共发现 ${groups.length} 组。`}
      </Typography.Paragraph>
      {isLoading ? (
        <Skeleton active />
      ) : shown.length === 0 ? (
        <Empty description="未发现疑似重复报名" />
      ) : (
        <Flex vertical gap={16}>
          {shown.map((group) => (
            <Card
              key={`${group.kind}:${group.members.map((m) => m.applicationId).join(',')}`}
              size="small"
              title={
                <Space wrap>
                  <Tag color={KIND_COLOURS[group.kind]}>{DUPLICATE_KINDS[group.kind]}</Tag>
                  <Typography.Text style={{ fontWeight: 'normal', whiteSpace: 'normal' }}>{group.reason}</Typography.Text>
                </Space>
              }
            >
              <DataTable<Member>
                label={`疑似重复：${group.reason}`}
                size="small"
                rowKey="applicationId"
                pagination={false}
                scroll={{ x: 1100 }}
                dataSource={group.members}
                columns={[
                  { title: '姓名', dataIndex: 'realName', width: 90, fixed: 'left' },
                  { title: '招录计划', dataIndex: 'planName', ellipsis: true },
                  { title: '报考岗位', dataIndex: 'jobVacancy', width: 130, ellipsis: true },
                  { title: '身份证号码', dataIndex: 'identityNo', width: 176 },
                  { title: '手机号码', dataIndex: 'phone', width: 120 },
                  { title: '出生日期', dataIndex: 'birthday', width: 106, render: (v: string) => v || '—' },
                  { title: '状态', dataIndex: 'status', width: 160, render: (s: number) => <StatusTag status={s} /> },
                  { title: '报名时间', dataIndex: 'createdAt', width: 140, render: (v: string) => formatTime(v) },
                  ...actionsColumn(true, {
                    width: 64,
                    render: (row: Member) => (
                      <ActionLink aria-label={`详情：${row.realName}`} onClick={() => setViewing(row.applicationId)}>
                        详情
                      </ActionLink>
                    ),
                  }),
                ]}
              />
            </Card>
          ))}
          {(groups?.length ?? 0) > page.pageSize && (
            <Pagination
              align="end"
              current={page.pageNum}
              pageSize={page.pageSize}
              total={groups?.length ?? 0}
              showTotal={(n) => `共 ${n} 组`}
              onChange={setPage}
            />
          )}
        </Flex>
      )}
      {viewing !== undefined && <ApplicationDetailModal applicationId={viewing} onClose={() => setViewing(undefined)} />}
    </Card>
  );
}

import { PlusOutlined } from '@ant-design/icons';
import type { CompanyUnitRow } from '@zhaokao/contracts';
import { Alert, Button, Card, Popconfirm, Space, Tag, Typography } from 'antd';
import { formatTime } from '../../../lib/time';
import { useState } from 'react';
import { ActionLink } from '../../../components/ActionLink';
import { DataTable } from '../../../components/DataTable';
import { lazyModal } from '../../../components/lazy-modal';
import { actionsColumn } from '../../../lib/columns';
import { queryClient } from '../../../lib/query-client';
import { useHasPermission } from '../../../lib/session';
import { markSignedIn } from '../../../lib/signed-in';
import { useCompanyUnits, useSwitchCompany } from '../api/company-units-api';

const UnitFormModal = lazyModal(() => import('../components/UnitFormModal').then((m) => m.UnitFormModal));

/**
 * 单位管理 (公司管理, issue 12): the headquarters and its subordinate units. The headquarters' staff holding 设置单位信息 add and
 * edit units and enter them (as their own linked account there, with the unit's administrator role); from a unit they
 * return to the headquarters. A unit's own staff see their own company only.
 */
export default function CompanyUnitsPage() {
  const { data: rows, isLoading } = useCompanyUnits();
  const canEdit = useHasPermission(['company:edit']);
  const switchCompany = useSwitchCompany();
  const [editing, setEditing] = useState<CompanyUnitRow | null | undefined>(undefined);

  const headquarters = rows?.find((r) => r.headquarters);
  const current = rows?.find((r) => r.current);
  const atHeadquarters = !!current?.headquarters;
  /** Signed in to a unit from the headquarters (a unit's own staff do not see the headquarters). */
  const linked = !!headquarters && !!current && !current.headquarters;
  const mayAct = canEdit && (atHeadquarters || linked);

  async function enter(row: CompanyUnitRow) {
    const user = await switchCompany.mutateAsync({ companyId: row.id }).catch(() => null);
    if (!user) return;
    // The server has ended this session and set the new one's cookie. Logging out later returns to the
    // headquarters' login page, where this person signs in.
    markSignedIn(headquarters?.id ?? user.company.id);
    queryClient.clear();
    // A new page load: every open tab and cached answer belonged to the other company.
    window.location.assign('/home');
  }

  const actions = (row: CompanyUnitRow) => {
    if (row.current) return <Typography.Text type="secondary">—</Typography.Text>;
    if (row.headquarters) {
      return (
        <Popconfirm title={`确定返回“${row.name}”吗？`} okText="返回" cancelText="取消" onConfirm={() => enter(row)}>
          <ActionLink>返回总部</ActionLink>
        </Popconfirm>
      );
    }
    return (
      <Space size={12}>
        {atHeadquarters && <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>}
        <Popconfirm
          title={`确定进入“${row.name}”吗？`}
          description="进入后以该单位管理员身份操作，可随时返回总部。"
          okText="进入"
          cancelText="取消"
          onConfirm={() => enter(row)}
        >
          <ActionLink>进入该单位</ActionLink>
        </Popconfirm>
      </Space>
    );
  };

  return (
    <Card
      className="page-card"
      title="公司管理"
      extra={
        canEdit &&
        atHeadquarters && (
          <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing(null)}>
            新增下属单位
          </Button>
        )
      }
    >
      {linked ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={`您正在以总部人员身份操作“${current.name}”，数据均属于该单位。`}
          action={
            <Popconfirm title={`确定返回“${headquarters.name}”吗？`} okText="返回" cancelText="取消" onConfirm={() => enter(headquarters)}>
              <Button size="small" type="primary" loading={switchCompany.isPending}>
                返回总部
              </Button>
            </Popconfirm>
          }
        />
      ) : (
        <Typography.Paragraph type="secondary">
          {atHeadquarters
            ? '总部及其下属单位。每个下属单位有自己的工作人员和数据；总部人员可进入下属单位，以该单位管理员身份操作。'
            : '本单位的信息。'}
        </Typography.Paragraph>
      )}
      <DataTable<CompanyUnitRow>
        label="单位列表"
        rowKey="id"
        loading={isLoading || switchCompany.isPending}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1080 }}
        columns={[
          {
            title: '单位名称',
            dataIndex: 'name',
            width: 240,
            fixed: 'left',
            render: (name: string, row) => (
              <Space size={4} wrap>
                <span>{name}</span>
                {row.headquarters && <Tag color="blue">总部</Tag>}
                {row.current && <Tag color="green">当前</Tag>}
              </Space>
            ),
          },
          { title: '所属行业', dataIndex: 'industryName', width: 120, render: (value: string) => value || '—' },
          { title: '单位地址', dataIndex: 'address', ellipsis: true, render: (value: string) => value || '—' },
          { title: '工作人员', dataIndex: 'staffCount', width: 90, align: 'right' },
          { title: '招录计划', dataIndex: 'planCount', width: 90, align: 'right' },
          { title: '创建时间', dataIndex: 'createdAt', width: 150, render: (value: string) => formatTime(value) },
          ...actionsColumn<CompanyUnitRow>(mayAct, { width: 160, render: actions }),
        ]}
      />
      {editing !== undefined && <UnitFormModal unit={editing} onClose={() => setEditing(undefined)} />}
    </Card>
  );
}

import { BONUS_SETTINGS_PERMISSIONS } from '@zhaokao/contracts';
import { FileTextOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Space, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { NoPlans, PlanSelect, usePagePlan } from '../../../components/PlanSelect';
import { ApiError, succeeded } from '../../../lib/api-client';
import { NOTICE_LIST_PATH, noticeDraftState } from '../../../lib/notice-draft';
import { useHasPermission } from '../../../lib/session';
import { useUrlFilters } from '../../../lib/use-paged-list';
import { BONUS_LIST_FILTERS, bonusHasData } from '../api/get-bonus-grants';
import { useBonusNoticeDraft } from '../api/get-bonus-notice-draft';
import { useBonusSettings } from '../api/get-bonus-settings';
import { BonusGrantList } from './BonusGrantList';
import { BonusSettingsCard } from './BonusSettingsCard';

/**
 * 加分管理 (DESIGN §5 "Fair-exam rules beyond SPEC"): for the plan chosen in the address (else the latest plan with
 * applications past the sign-up review), its 加分设置 (edited by plan managers) and its 加分名单: grants, revocations,
 * export, and the list as a notice draft.
 */
export function BonusPage() {
  const { defaultPlanId, noPlans } = usePagePlan(bonusHasData);
  const { filters, setFilters } = useUrlFilters(BONUS_LIST_FILTERS);
  const planId = filters.planId ?? defaultPlanId;
  const settings = useBonusSettings(planId);
  const canEditSettings = useHasPermission(BONUS_SETTINGS_PERMISSIONS);
  const canWriteNotice = useHasPermission(['content:publish']);
  const noticeDraft = useBonusNoticeDraft();
  const navigate = useNavigate();

  if (noPlans) return <NoPlans title="加分管理" />;

  const writeNotice = async () => {
    if (planId === undefined) return;
    let draft: { title: string; content: string } | undefined;
    const ok = await succeeded(noticeDraft.mutateAsync({ planId }).then((d) => (draft = d)));
    if (ok && draft) void navigate(NOTICE_LIST_PATH, { state: noticeDraftState({ title: draft.title, content: draft.content, recruitmentId: planId }) });
  };

  return (
    <Card
      title="加分管理"
      extra={
        settings.data &&
        canWriteNotice && (
          <Button icon={<FileTextOutlined aria-hidden />} loading={noticeDraft.isPending} onClick={writeNotice}>
            生成公告
          </Button>
        )
      }
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <PlanSelect value={planId} onChange={(id) => setFilters({ planId: id, recruitmentId: undefined, state: undefined, keyword: undefined })} />
      </Space>
      {planId === undefined || settings.isLoading ? (
        <Spin style={{ display: 'block', padding: 40 }} />
      ) : settings.data === undefined ? (
        <Empty description={settings.error instanceof ApiError ? settings.error.message : '未能读取加分设置，请刷新后重试'} />
      ) : (
        <div key={planId}>
          <BonusSettingsCard settings={settings.data} canEdit={canEditSettings} />
          <BonusGrantList planId={planId} settings={settings.data} />
        </div>
      )}
    </Card>
  );
}

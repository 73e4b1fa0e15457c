import { BONUS_CANDIDATE_REQUIRED, BONUS_PROOF_MAX, type BonusSettingsView, SIGN_UP_PASSED_STATUSES } from '@zhaokao/contracts';
import { Form, Input, Select, Typography } from 'antd';
import { CandidateSearchField } from '../../../components/CandidateSearchField';
import { FormModal } from '../../../components/FormModal';
import { useGrantBonus } from '../api/grant-bonus';
import { proofRules } from './bonus-words';

interface Values {
  applicationId: number;
  categoryId: number;
  proofNote: string;
}

/** Whether an application passed the sign-up review (only those can have a bonus). */
const signedUp = (status: number) => (SIGN_UP_PASSED_STATUSES as readonly number[]).includes(status);

/**
 * 登记加分: the candidate (found by name or identity number among the plan's applications; only those past the sign-up
 * review can be chosen), the category, and what proof was seen (required).
 */
export function GrantModal({ planId, settings, onClose }: { planId: number; settings: BonusSettingsView; onClose(): void }) {
  const grant = useGrantBonus();

  return (
    <FormModal<Values>
      name="bonusGrant"
      title="登记加分"
      okText="登记"
      savedMessage="已登记加分"
      onCancel={onClose}
      onSubmit={(v) => grant.mutateAsync({ applicationId: v.applicationId, categoryId: v.categoryId, proofNote: v.proofNote.trim() })}
      onSaved={onClose}
    >
      <Typography.Paragraph type="secondary">
        {settings.stacking
          ? `本计划加分可累加，每名考生合计不超过 ${settings.cap} 分。`
          : `本计划加分不累加，每名考生只能登记一个加分项目（上限 ${settings.cap} 分）。`}
        须在该岗位笔试成绩发布前登记。
      </Typography.Paragraph>
      <CandidateSearchField planId={planId} requiredMessage={BONUS_CANDIDATE_REQUIRED} whyNot={(a) => (signedUp(a.status) ? undefined : '未通过报名审核')} />
      <Form.Item name="categoryId" label="加分项目" rules={[{ required: true, message: '请选择加分项目' }]}>
        <Select<number>
          aria-label="加分项目"
          placeholder="选择加分项目"
          options={settings.categories.map((c) => ({ value: c.id, label: `${c.name}（${c.points} 分）` }))}
        />
      </Form.Item>
      <Form.Item name="proofNote" label="证明材料核验情况" rules={proofRules}>
        <Input.TextArea rows={3} maxLength={BONUS_PROOF_MAX} showCount placeholder="例如：已核验退役证原件，与本人一致" />
      </Form.Item>
    </FormModal>
  );
}

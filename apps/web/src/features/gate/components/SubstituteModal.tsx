import { type GateStageRow, type GateVacancyRow, NO_SUBSTITUTE, ResultCode, SUBSTITUTE_CHANGED, substituteGate } from '@zhaokao/contracts';
import { Alert, Descriptions, Input, Modal, Spin, Typography } from 'antd';
import { useState } from 'react';
import { ApiError, showSuccess } from '../../../lib/api-client';
import { maxLengthOf, inputField } from '../../../lib/form-rules';
import { usePreviewSubstitute } from '../api/preview-substitute';
import { useSubstituteGate } from '../api/substitute-gate';
import { resultWordsOf } from './gate-words';

const REMARKS_MAX = maxLengthOf(inputField(substituteGate, 'remarks'));

/**
 * 递补 of one vacancy: the server's proposal (the next eligible candidate of the post in ranking order), why, and who
 * was passed over; 确认递补 sends back the candidate shown. If the proposal changed meanwhile (or the vacancy was
 * filled), the server refuses (409): its message stays in the dialog and the proposal is read again.
 */
export function SubstituteModal({ gate, vacancy, onClose }: { gate: GateStageRow; vacancy: GateVacancyRow; onClose(): void }) {
  const preview = usePreviewSubstitute(vacancy.id);
  const substitute = useSubstituteGate();
  const [conflict, setConflict] = useState<string>();
  const [remarks, setRemarks] = useState('');
  const candidate = preview.data?.candidate;

  async function confirm() {
    if (!candidate) return;
    try {
      await substitute.mutateAsync({ vacancyId: vacancy.id, applicationId: candidate.applicationId, remarks });
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.CONFLICT) {
        setConflict(error.message || SUBSTITUTE_CHANGED);
        void preview.refetch();
      }
      return;
    }
    showSuccess(`已递补：${candidate.realName}`);
    onClose();
  }

  return (
    <Modal
      open
      title={`${gate.name}递补：${vacancy.jobVacancy}`}
      okText="确认递补"
      cancelText="取消"
      width={640}
      okButtonProps={{ disabled: !candidate || preview.isFetching }}
      confirmLoading={substitute.isPending}
      onOk={confirm}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph>
        空缺：{vacancy.leftName}（{resultWordsOf(gate)[vacancy.leftResult]}
        {vacancy.leftReason ? `：${vacancy.leftReason}` : ''}）
      </Typography.Paragraph>
      {conflict && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={conflict} description="已重新读取递补人选，请核对后再确认。" />}
      {preview.isLoading ? (
        <Spin style={{ display: 'block', padding: 24 }} />
      ) : preview.isError ? (
        <Alert type="error" showIcon title="未能读取递补人选，请关闭后重试" />
      ) : (
        <>
          {candidate ? (
            <Descriptions
              bordered
              size="small"
              column={1}
              title="递补人选"
              items={[
                { key: 'name', label: '姓名', children: candidate.realName },
                { key: 'identityNo', label: '身份证号码', children: candidate.identityNo },
                { key: 'score', label: gate.ranking === 'written' ? '笔试成绩' : '综合成绩', children: candidate.score ?? '—' },
                { key: 'rank', label: '名次', children: candidate.rank ?? '—' },
              ]}
            />
          ) : (
            <Alert type="info" showIcon title={NO_SUBSTITUTE} />
          )}
          {preview.data?.explanation && <Typography.Paragraph style={{ marginTop: 12 }}>{preview.data.explanation}</Typography.Paragraph>}
          {(preview.data?.skipped.length ?? 0) > 0 && (
            <>
              <Typography.Text strong>依次跳过的考生</Typography.Text>
              <ul aria-label="依次跳过的考生" style={{ marginTop: 4 }}>
                {preview.data!.skipped.map((s, i) => (
                  <li key={i}>
                    {s.rank === null ? '' : `第 ${s.rank} 名 `}
                    {s.realName}：{s.why}
                  </li>
                ))}
              </ul>
            </>
          )}
          {candidate && (
            <Input.TextArea
              aria-label="递补说明"
              placeholder="递补说明（选填）"
              rows={2}
              maxLength={REMARKS_MAX}
              showCount
              value={remarks}
              onChange={(e) => setRemarks(e.target.value)}
            />
          )}
        </>
      )}
    </Modal>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  DEFAULT_PHOTO_RULE, candidatePlanDetail, IDENTITY_NO_LOCKED_MESSAGE, type OutputOf, RESUME_SECTION_KEYS,
  type ResumeSectionKey, TALENT_FIELD_SECTIONS, candidateResume, derivedFromIdentityNo, resumeSectionFields,
  resumeSectionSchemas, saveCandidateResume,
} from '@zhaokao/contracts';
import { focusFirstInvalid } from '../account/FormField';
import { fieldErrorsOf } from '../account/form-helpers';
import { isSignedOutError, markSignedOut, useCandidate } from '../candidate-session';
import { LoadFailed, Loading } from '../parts';
import { SiteError, callSite, useSiteQuery } from '../site-api';
import { ListField } from './resume/ListField';
import { ScalarField } from './resume/ScalarField';
import { PhotoRuleContext } from './resume/photo-rule-context';
import {
  type ListEntry, type SectionValues, clockOf, draftKey, fieldLabels, formValuesOf, isListCode, kindOf,
  sameValues,
} from './resume/resume-form';

type ResumeData = OutputOf<typeof candidateResume>;
type BySection<T> = Record<ResumeSectionKey, T>;

const bySection = <T,>(make: (key: ResumeSectionKey) => T) => Object.fromEntries(RESUME_SECTION_KEYS.map((k) => [k, make(k)])) as BySection<T>;

function readDraft(candidateId: number, section: ResumeSectionKey): SectionValues | null {
  try {
    const kept = localStorage.getItem(draftKey(candidateId, section));
    return kept ? formValuesOf(section, JSON.parse(kept) as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function keepDraft(candidateId: number, section: ResumeSectionKey, values: SectionValues | null) {
  try {
    const key = draftKey(candidateId, section);
    if (values) localStorage.setItem(key, JSON.stringify(values));
    else localStorage.removeItem(key);
  } catch {
    // Storage refused (private browsing, full): the edits live on in the page until it is closed.
  }
}

/** 我的简历: the one resume, section by section, each saved on its own; unsaved edits survive in the browser. */
export function ResumePage() {
  const candidateId = useCandidate().data?.id;
  const resume = useSiteQuery(candidateResume, {});
  return (
    <>
      <title>我的简历 - 招考报名</title>
      <h1 className="site-title">我的简历</h1>
      {resume.isPending || candidateId === undefined ? (
        <Loading what="简历" />
      ) : resume.isError ? (
        <LoadFailed error={resume.error} onRetry={() => void resume.refetch()} />
      ) : (
        <ForPlan>
          <ResumeForm key={candidateId} candidateId={candidateId} data={resume.data} />
        </ForPlan>
      )}
    </>
  );
}

/**
 * Coming from applying to a plan (`?companyId=&planId=`), the photo is cropped to that plan's rule and checked against
 * it on upload; otherwise to the default rule.
 */
function ForPlan({ children }: { children: ReactNode }) {
  const [params] = useSearchParams();
  const companyId = Number(params.get('companyId'));
  const planId = Number(params.get('planId'));
  if (!Number.isInteger(companyId) || !Number.isInteger(planId) || companyId <= 0 || planId <= 0) return children;
  return (
    <PlanPhotoRule companyId={companyId} planId={planId}>
      {children}
    </PlanPhotoRule>
  );
}

function PlanPhotoRule({ companyId, planId, children }: { companyId: number; planId: number; children: ReactNode }) {
  const plan = useSiteQuery(candidatePlanDetail, { companyId, planId }).data?.plan;
  const value = useMemo(() => (plan ? { rule: plan.photoRule, planId: plan.id, planName: plan.name } : { rule: DEFAULT_PHOTO_RULE }), [plan]);
  return <PhotoRuleContext value={value}>{children}</PhotoRuleContext>;
}

function ResumeForm({ candidateId, data }: { candidateId: number; data: ResumeData }) {
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(() => bySection((k) => formValuesOf(k, data.resume)));
  const [edited, setValues] = useState(() => bySection((k) => readDraft(candidateId, k) ?? saved[k]));
  const [open, setOpen] = useState(() => new Set<ResumeSectionKey>(['basic', ...RESUME_SECTION_KEYS.filter((k) => !sameValues(edited[k], saved[k]))]));
  const [errors, setErrors] = useState<Partial<BySection<Record<string, string>>>>({});
  const [refusals, setRefusals] = useState<Partial<BySection<string>>>({});
  const [savedAt, setSavedAt] = useState<Partial<BySection<string>>>({});
  const [saving, setSaving] = useState<Partial<BySection<boolean>>>({});

  const identityNo = String(edited.contact.identityNo ?? '');
  const derived = useMemo(() => derivedFromIdentityNo(identityNo), [identityNo]);
  // A valid identity number decides the birthday and the sex: shown, kept and saved as it says.
  const values = useMemo(() => (derived ? { ...edited, basic: { ...edited.basic, ...derived } } : edited), [edited, derived]);

  useEffect(() => {
    for (const k of RESUME_SECTION_KEYS) keepDraft(candidateId, k, sameValues(values[k], saved[k]) ? null : values[k]);
  }, [candidateId, values, saved]);

  const setField = (section: ResumeSectionKey, code: string, value: unknown) =>
    setValues((all) => ({ ...all, [section]: { ...all[section], [code]: value } }));

  const save = async (section: ResumeSectionKey, form: HTMLFormElement) => {
    const sent = values[section];
    const check = resumeSectionSchemas[section].safeParse(sent);
    setRefusals((r) => ({ ...r, [section]: undefined }));
    if (!check.success) {
      setErrors((e) => ({ ...e, [section]: fieldErrorsOf(check.error.issues) }));
      focusFirstInvalid(form);
      return;
    }
    setErrors((e) => ({ ...e, [section]: {} }));
    setSaving((s) => ({ ...s, [section]: true }));
    try {
      await callSite(saveCandidateResume, { section, values: sent });
      setSaved((all) => ({ ...all, [section]: sent }));
      setSavedAt((t) => ({ ...t, [section]: clockOf(new Date()) }));
      queryClient.setQueryData<ResumeData>([`${candidateResume.method} ${candidateResume.path}`, {}], (old) =>
        old ? { ...old, resume: { ...old.resume, ...sent } } : old,
      );
    } catch (error) {
      if (isSignedOutError(error)) markSignedOut(queryClient);
      else setRefusals((r) => ({ ...r, [section]: error instanceof SiteError ? error.message : '保存失败，请稍后再试' }));
    } finally {
      setSaving((s) => ({ ...s, [section]: false }));
    }
  };

  const toggle = (section: ResumeSectionKey) =>
    setOpen((now) => {
      const next = new Set(now);
      if (!next.delete(section)) next.add(section);
      return next;
    });

  return (
    <>
      <p className="site-muted">
        每一栏填写后点「保存本节」单独保存；报名时按岗位要求检查简历是否完整。
        {data.updatedAt ? `上次保存：${data.updatedAt}` : ''}
      </p>
      {TALENT_FIELD_SECTIONS.map(({ key, groupName }) => {
        const dirty = !sameValues(values[key], saved[key]);
        const labels = fieldLabels(key);
        const sectionErrors = errors[key] ?? {};
        const onSubmit = (event: FormEvent<HTMLFormElement>) => {
          event.preventDefault();
          void save(key, event.currentTarget);
        };
        return (
          <section key={key} className="site-card resume-section" aria-labelledby={`resume-${key}-title`}>
            <h2 className="resume-section-title" id={`resume-${key}-title`}>
              <button type="button" className="resume-toggle" aria-expanded={open.has(key)} aria-controls={`resume-${key}`} onClick={() => toggle(key)}>
                <span>{groupName}</span>
                <span className="resume-status">
                  {dirty ? (
                    <span className="site-badge site-badge-upcoming">有未保存的修改</span>
                  ) : savedAt[key] ? (
                    <span className="site-badge site-badge-open">已保存 {savedAt[key]}</span>
                  ) : null}
                </span>
              </button>
            </h2>
            <form id={`resume-${key}`} className="resume-form" hidden={!open.has(key)} noValidate onSubmit={onSubmit}>
              {dirty ? <p className="site-notice resume-note">有未保存的修改，请点「保存本节」保存。</p> : null}
              {resumeSectionFields(key).map((code) => {
                const label = labels[code] ?? code;
                if (isListCode(code)) {
                  return (
                    <ListField
                      key={code}
                      code={code}
                      label={label}
                      entries={(values[key][code] as ListEntry[] | undefined) ?? []}
                      onChange={(entries) => setField(key, code, entries)}
                      errors={sectionErrors}
                    />
                  );
                }
                const fromIdentity = derived !== null && (code === 'birthday' || code === 'sex');
                const identityLocked = code === 'identityNo' && data.identityNoLocked;
                return (
                  <ScalarField
                    key={code}
                    code={code}
                    label={label}
                    kind={kindOf(code)}
                    value={values[key][code]}
                    onChange={(value) => setField(key, code, value)}
                    error={sectionErrors[code]}
                    locked={fromIdentity || identityLocked}
                    hint={fromIdentity ? '已根据身份证号码自动填写' : identityLocked ? IDENTITY_NO_LOCKED_MESSAGE : undefined}
                  />
                );
              })}
              {key === 'contact' && derived && (saved.basic.birthday !== derived.birthday || saved.basic.sex !== derived.sex) ? (
                <p className="form-hint">出生日期和性别已按身份证号码填入「基本信息」，请在该栏保存。</p>
              ) : null}
              {refusals[key] ? (
                <p className="form-alert" role="alert">
                  {refusals[key]}
                </p>
              ) : null}
              {Object.keys(sectionErrors).length > 0 ? (
                <p className="form-alert" role="alert">
                  本栏有 {Object.keys(sectionErrors).length} 处需要修改，请查看标出的项目。
                </p>
              ) : null}
              <div className="resume-actions">
                <button type="submit" className="site-button site-button-primary" disabled={saving[key]}>
                  {saving[key] ? '正在保存…' : '保存本节'}
                </button>
                {dirty ? (
                  <button
                    type="button"
                    className="site-button"
                    onClick={() => {
                      setValues((all) => ({ ...all, [key]: saved[key] }));
                      setErrors((e) => ({ ...e, [key]: {} }));
                    }}
                  >
                    放弃修改
                  </button>
                ) : null}
                {savedAt[key] && !dirty ? (
                  <span className="site-muted" role="status">
                    已保存 {savedAt[key]}
                  </span>
                ) : null}
              </div>
            </form>
          </section>
        );
      })}
    </>
  );
}

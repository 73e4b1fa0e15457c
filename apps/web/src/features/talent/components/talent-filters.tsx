import { InputNumber, Space } from 'antd';
import { useState } from 'react';
import { SearchFilter, SelectFilter } from '../../../components/ListFilters';
import { useDict } from '../../../lib/dict';
import type { FilterValues } from '../../../lib/use-paged-list';

/** The filters both talent lists keep in the address (contracts' talentFilters). */
export const TALENT_FILTERS = {
  keyword: 'text',
  education: 'text',
  school: 'text',
  major: 'text',
  sex: ['1', '2'],
  politicalOutlook: 'text',
  workYearsMin: 'text',
  workYearsMax: 'text',
  ageMin: 'text',
  ageMax: 'text',
} as const;

export type TalentFilterValues = FilterValues<typeof TALENT_FILTERS>;

const EDUCATIONS = ['博士研究生', '硕士研究生', '本科', '大专', '中专', '高中'];
const POLITICAL_OUTLOOKS = ['中共党员', '中共预备党员', '共青团员', '民主党派', '群众'];

const count = (raw: string | undefined) => (raw !== undefined && /^\d+$/.test(raw) ? Number(raw) : undefined);

/** The filters as the list and export calls take them: the ranges as numbers. */
export function talentFilterInput(f: TalentFilterValues) {
  return {
    keyword: f.keyword ?? '',
    education: f.education ?? '',
    school: f.school ?? '',
    major: f.major ?? '',
    sex: f.sex ?? ('' as const),
    politicalOutlook: f.politicalOutlook ?? '',
    workYearsMin: count(f.workYearsMin),
    workYearsMax: count(f.workYearsMax),
    ageMin: count(f.ageMin),
    ageMax: count(f.ageMax),
  };
}

/** The two ranges of whole numbers: their words, and the filters that hold their ends. */
const RANGES = [
  { label: '工作年限', unit: '年', limit: 60, ends: ['最少', '最多'], from: 'workYearsMin', to: 'workYearsMax' },
  { label: '年龄', unit: '岁', limit: 100, ends: ['最小', '最大'], from: 'ageMin', to: 'ageMax' },
] as const;

/** A from–to pair of whole numbers, applied when a box loses focus or Enter is pressed. */
function NumberRange({
  label,
  unit,
  limit,
  ends,
  from,
  to,
  onChange,
}: {
  label: string;
  unit: string;
  limit: number;
  /** What the two boxes are, before the label: 最少工作年限. */
  ends: readonly [string, string];
  from: string | undefined;
  to: string | undefined;
  onChange(from: string | undefined, to: string | undefined): void;
}) {
  const [low, setLow] = useState<number | null>(count(from) ?? null);
  const [high, setHigh] = useState<number | null>(count(to) ?? null);
  const [shown, setShown] = useState([from, to]);
  if (shown[0] !== from || shown[1] !== to) {
    setShown([from, to]);
    setLow(count(from) ?? null);
    setHigh(count(to) ?? null);
  }
  const apply = () => {
    let [a, b] = [low, high];
    if (a !== null && b !== null && a > b) [a, b] = [b, a];
    const next = [a === null ? undefined : String(a), b === null ? undefined : String(b)] as const;
    if (next[0] !== from || next[1] !== to) onChange(next[0], next[1]);
  };
  const box = (value: number | null, set: (v: number | null) => void, which: string) => (
    <InputNumber
      aria-label={`${which}${label}`}
      placeholder="不限"
      min={0}
      max={limit}
      precision={0}
      style={{ width: 72 }}
      value={value}
      onChange={(v) => set(v)}
      onBlur={apply}
      onPressEnter={apply}
    />
  );
  return (
    <Space.Compact>
      <Space.Addon>{label}</Space.Addon>
      {box(low, setLow, ends[0])}
      <Space.Addon>至</Space.Addon>
      {box(high, setHigh, ends[1])}
      <Space.Addon>{unit}</Space.Addon>
    </Space.Compact>
  );
}

/** The filter controls both talent lists show. */
export function TalentFilterControls({
  filters,
  setFilters,
}: {
  filters: TalentFilterValues;
  setFilters(patch: Partial<TalentFilterValues>): void;
}) {
  const { data: sexes } = useDict('sex');
  const text = (name: 'education' | 'politicalOutlook') => ({
    value: filters[name],
    onChange: (v: string | undefined) => setFilters({ [name]: v }),
  });
  return (
    <>
      <SearchFilter
        label="搜索人才"
        placeholder="姓名、学校、专业、单位、技能"
        width={260}
        value={filters.keyword}
        onChange={(keyword) => setFilters({ keyword })}
      />
      <SelectFilter label="学历" placeholder="全部学历" width={130} {...text('education')} options={EDUCATIONS.map((e) => ({ label: e, value: e }))} />
      <SearchFilter label="毕业院校" placeholder="毕业院校" width={160} value={filters.school} onChange={(school) => setFilters({ school })} />
      <SearchFilter label="专业" placeholder="专业" width={150} value={filters.major} onChange={(major) => setFilters({ major })} />
      <SelectFilter
        label="性别"
        placeholder="全部性别"
        width={110}
        value={filters.sex}
        options={(sexes ?? []).filter((s) => s.value === '1' || s.value === '2').map((s) => ({ label: s.label, value: s.value as '1' | '2' }))}
        onChange={(sex) => setFilters({ sex })}
      />
      <SelectFilter
        label="政治面貌"
        placeholder="全部政治面貌"
        width={140}
        {...text('politicalOutlook')}
        options={POLITICAL_OUTLOOKS.map((e) => ({ label: e, value: e }))}
      />
      {RANGES.map((range) => (
        <NumberRange
          key={range.label}
          {...range}
          from={filters[range.from]}
          to={filters[range.to]}
          onChange={(from, to) => setFilters({ [range.from]: from, [range.to]: to })}
        />
      ))}
    </>
  );
}

import { Flex, theme, Tooltip } from 'antd';
import { useState } from 'react';

export interface ChartSeries {
  name: string;
  /** Defaults to the theme's chart palette, in series order. */
  colour?: string;
  data: number[];
}

const ROW_HEIGHT = 32;
const BAR_HEIGHT = 20;
const AXIS_HEIGHT = 24;
/** antd preset colours for series without their own: the primary colour, then these hues, then their darker shades. */
const PALETTE_HUES = ['blue', 'green', 'gold', 'red', 'purple', 'cyan', 'magenta', 'volcano', 'geekblue', 'lime'] as const;
/** Room right of the longest bar for its total. */
const TOTAL_ROOM = 48;

/** Round steps (1, 2 or 5 × 10ⁿ, at least 1) from 0 up to at least `max`, about five of them. */
export function axisTicks(max: number): number[] {
  const rough = Math.max(max, 1) / 5;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = Math.max(1, [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough)!);
  const top = Math.max(step, Math.ceil(max / step) * step);
  const ticks: number[] = [];
  for (let t = 0; t <= top; t += step) ticks.push(t);
  return ticks;
}

const percent = (value: number, top: number) => `${(value / top) * 100}%`;

/**
 * Horizontal bars, one per category, stacked by series, drawn in SVG: a legend, an axis, each bar's total at its end,
 * and every value on hover. `label` names the chart for screen readers; the series totals are added to it.
 */
export function StackedBarChart({ label, categories, series }: { label: string; categories: string[]; series: ChartSeries[] }) {
  const { token } = theme.useToken();
  const [hovered, setHovered] = useState<number>();
  const palette = [token.colorPrimary, ...PALETTE_HUES.slice(1).map((hue) => token[`${hue}6` as const]), ...PALETTE_HUES.map((hue) => token[`${hue}8` as const])];
  const coloured = series.map((s, i) => ({ ...s, colour: s.colour ?? palette[i % palette.length]! }));
  const rowTotals = categories.map((_, row) => coloured.reduce((sum, s) => sum + (s.data[row] ?? 0), 0));
  const ticks = axisTicks(Math.max(0, ...rowTotals));
  const top = ticks[ticks.length - 1]!;
  const plotHeight = categories.length * ROW_HEIGHT;
  const summary = coloured.map((s) => `${s.name} ${s.data.reduce((sum, v) => sum + v, 0)}`).join('，');

  return (
    <div role="img" aria-label={`${label}：合计 ${rowTotals.reduce((sum, v) => sum + v, 0)}，${summary}`}>
      <Flex wrap gap="4px 16px" style={{ marginBottom: 8, fontSize: token.fontSizeSM, color: token.colorText }}>
        {coloured.map((s) => (
          <Flex key={s.name} align="center" gap={6}>
            <span style={{ width: 12, height: 12, borderRadius: 2, background: s.colour }} />
            {s.name}
          </Flex>
        ))}
      </Flex>
      <Flex>
        <div style={{ width: 'min(160px, 30%)', flexShrink: 0, paddingRight: 8, fontSize: token.fontSizeSM, color: token.colorText }}>
          {categories.map((name, row) => (
            <div key={row} title={name} style={{ height: ROW_HEIGHT, lineHeight: `${ROW_HEIGHT}px`, textAlign: 'right', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {name}
            </div>
          ))}
        </div>
        <div style={{ flex: 1, minWidth: 0, paddingRight: TOTAL_ROOM }}>
          <svg width="100%" height={plotHeight + AXIS_HEIGHT} overflow="visible" style={{ display: 'block' }} fontSize={token.fontSizeSM}>
            {ticks.map((t) => (
              <g key={t}>
                <line x1={percent(t, top)} x2={percent(t, top)} y1={0} y2={plotHeight} stroke={token.colorBorderSecondary} />
                <text x={percent(t, top)} y={plotHeight + 16} textAnchor="middle" fill={token.colorTextSecondary}>
                  {t}
                </text>
              </g>
            ))}
            {categories.map((name, row) => {
              const y = row * ROW_HEIGHT;
              let start = 0;
              return (
                <Tooltip
                  key={row}
                  title={
                    <div>
                      <div style={{ fontWeight: 600 }}>{name}</div>
                      {coloured.map((s) => (
                        <div key={s.name}>
                          <span style={{ display: 'inline-block', width: 8, height: 8, marginRight: 6, borderRadius: 2, background: s.colour }} />
                          {s.name}：{s.data[row] ?? 0}
                        </div>
                      ))}
                      <div>合计：{rowTotals[row]}</div>
                    </div>
                  }
                >
                  <g data-bar={name} onMouseEnter={() => setHovered(row)} onMouseLeave={() => setHovered(undefined)}>
                    <rect x={0} y={y} width="100%" height={ROW_HEIGHT} fill={hovered === row ? token.colorFillTertiary : 'transparent'} />
                    {coloured.map((s) => {
                      const value = s.data[row] ?? 0;
                      const x = start;
                      start += value;
                      if (value <= 0) return null;
                      return <rect key={s.name} data-series={s.name} x={percent(x, top)} y={y + (ROW_HEIGHT - BAR_HEIGHT) / 2} width={percent(value, top)} height={BAR_HEIGHT} fill={s.colour} />;
                    })}
                    <text x={percent(rowTotals[row]!, top)} dx={6} y={y + ROW_HEIGHT / 2} dominantBaseline="central" fill={token.colorText}>
                      {rowTotals[row]}
                    </text>
                  </g>
                </Tooltip>
              );
            })}
          </svg>
        </div>
      </Flex>
    </div>
  );
}

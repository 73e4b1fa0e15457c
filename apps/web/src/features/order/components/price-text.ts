import { TIME_TYPES, formatYuan, yuanToCents } from '@zhaokao/contracts';

export const unitName = (timeType: number) => TIME_TYPES[timeType as keyof typeof TIME_TYPES] ?? '';
/** "3 月" */
export const durationText = (time: number, timeType: number) => `${time} ${unitName(timeType)}`;
export const yuanText = (priceY: string) => formatYuan(yuanToCents(priceY) ?? 0);

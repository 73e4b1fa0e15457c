/** Dictionary types the product reads (SPEC §9). */
export const DICT_TYPES = [
  'sex',
  'position_status',
  'candidate_app_status',
  'sign_up_rejection_reason',
  'sys_pay_type',
  'time_type',
  'basis_config',
  'industry',
] as const;

export type DictType = (typeof DICT_TYPES)[number];

/** basis_config entries shown in the footer: address, then two more lines (SPEC §1). */
export const FOOTER_CONFIG_VALUES = ['6', '7', '8'] as const;

/** The rejection reason whose choice is replaced by free text (SPEC §5). */
export const OTHER_REJECTION_REASON = 'other';

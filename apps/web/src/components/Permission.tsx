import type { Permission as PermissionCode } from '@zhaokao/contracts';
import type { ReactNode } from 'react';
import { useHasPermission } from '../lib/session';

/** Renders its children only for a user holding one of `anyOf` (SPEC §6). */
export function Permission({ anyOf, children }: { anyOf: readonly PermissionCode[]; children: ReactNode }) {
  return useHasPermission(anyOf) ? children : null;
}

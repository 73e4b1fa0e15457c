import { type ComponentType, Suspense, lazy } from 'react';

/**
 * A dialog or drawer whose code loads when it is first rendered, not with the page: pages render theirs only while
 * open, so a list page does not bring the forms it shows only on 添加/编辑. Nothing shows while the code loads.
 *
 *   const PlanFormModal = lazyModal(() => import('../components/PlanFormModal').then((m) => m.PlanFormModal));
 */
export function lazyModal<P extends object>(load: () => Promise<ComponentType<P>>) {
  const Loaded = lazy(async () => ({ default: await load() }));
  return function LazyModal(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

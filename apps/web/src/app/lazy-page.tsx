import { type ComponentType, lazy, Suspense } from 'react';
import { LoadingState } from './states.tsx';

/**
 * A page whose code loads on its first render, with a loading state meanwhile, so the first
 * page's download carries none of it.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  label = 'Loading…',
): ComponentType<Props> {
  const Page = lazy(async () => ({ default: await load() }));
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={<LoadingState label={label} />}>
        <Page {...props} />
      </Suspense>
    );
  };
}

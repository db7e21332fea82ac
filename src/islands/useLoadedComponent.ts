import { useEffect, useRef, useState, type ComponentType } from 'react';

/**
 * A component whose code loads once `wanted` turns true, for parts of an island most visits
 * never show: undefined until its chunk has arrived. Unlike `lazy` under `<Suspense>`, which
 * holds newly loaded content back for up to 300 ms, it shows the moment the code is there.
 * `load` must be a module-level function, so that it is the same on every render. A chunk that
 * never arrives (a phone losing its network) calls `failed`, so the caller can take the page's
 * own way on instead of waiting for a part that will not come.
 */
export function useLoadedComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  wanted: boolean,
  failed?: () => void,
): ComponentType<P> | undefined {
  const [component, setComponent] = useState<ComponentType<P>>();
  // The latest callback, without loading again when the caller passes a new one.
  const onFailure = useRef(failed);
  useEffect(() => {
    onFailure.current = failed;
  });
  useEffect(() => {
    if (!wanted || component) return undefined;
    let current = true;
    load().then(
      (loaded) => {
        if (current) setComponent(() => loaded);
      },
      () => {
        if (current) onFailure.current?.();
      },
    );
    return () => {
      current = false;
    };
  }, [wanted, component, load]);
  return component;
}

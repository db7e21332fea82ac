import { useEffect, useState, type ComponentType } from 'react';

/**
 * A component whose code loads once `wanted` turns true, for parts of an island most visits
 * never show: undefined until its chunk has arrived. Unlike `lazy` under `<Suspense>`, which
 * holds newly loaded content back for up to 300 ms, it shows the moment the code is there.
 * `load` must be a module-level function, so that it is the same on every render.
 */
export function useLoadedComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  wanted: boolean,
): ComponentType<P> | undefined {
  const [component, setComponent] = useState<ComponentType<P>>();
  useEffect(() => {
    if (!wanted || component) return undefined;
    let current = true;
    void load().then((loaded) => {
      if (current) setComponent(() => loaded);
    });
    return () => {
      current = false;
    };
  }, [wanted, component, load]);
  return component;
}

import { Suspense, useId, type ReactNode } from 'react';

/**
 * One numbered section of the form, headed by its number and question. Its content is a
 * hydration boundary (a `Suspense` that never shows its fallback): when the sender types or
 * presses in it while the island is still taking the page over, React hydrates this section at
 * once and leaves the rest for later, so the key waits for one section, not the whole form.
 */
export function Section({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="form-section" aria-labelledby={id}>
      <h2 id={id} className="form-section__title">
        <span className="form-section__number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      <Suspense fallback={null}>{children}</Suspense>
    </section>
  );
}

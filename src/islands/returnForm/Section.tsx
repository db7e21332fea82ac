import { useId, type ReactNode } from 'react';

/** One numbered section of the form, headed by its number and question. */
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
      {children}
    </section>
  );
}

import { useEffect, useRef } from 'react';
import { fill, type FormStrings } from './strings.ts';

/** The confirmation after a 202, until the success screen takes over: focused so it is announced. */
export function Accepted({ strings, batchId }: { strings: FormStrings; batchId: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="accepted" aria-labelledby="accepted-title">
      <h2 id="accepted-title" ref={heading} tabIndex={-1}>
        {strings.accepted}
      </h2>
      <p>{fill(strings.acceptedBatch, { batchId })}</p>
    </section>
  );
}

import { useEffect, useState } from 'react';

const dots = 4;

/** Spec §2: an animated loader that steps every 200 ms, announced once to screen readers. */
export function Loader({ label }: { label: string }) {
  const [step, setStep] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setStep((s) => (s + 1) % dots), 200);
    return () => clearInterval(timer);
  }, []);
  return (
    <div className="loader" role="status">
      <span className="loader__dots" aria-hidden="true">
        {Array.from({ length: dots }, (_, i) => (
          <span key={i} className={i === step ? 'loader__dot loader__dot--on' : 'loader__dot'} />
        ))}
      </span>
      <span className="loader__label">{label}</span>
    </div>
  );
}

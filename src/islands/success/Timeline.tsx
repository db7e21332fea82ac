import { useEffect, useRef, useState } from 'react';
import type { ReturnEvent } from '@parcel-returns/contract';
import type { Culture } from '../../lib/locales.ts';
import type { SuccessLinks, SuccessStrings } from './strings.ts';
import type { ReturnEvents } from './useReturnEvents.ts';

/** One step as the sender reads it. */
function stepText(strings: SuccessStrings, event: ReturnEvent): string {
  switch (event.type) {
    case 'labelCreated':
      return strings.eventLabelCreated();
    case 'handedOver':
      return event.place ? strings.eventHandedOver({ place: event.place }) : strings.eventCollected();
    case 'inTransit':
      return strings.eventInTransit();
    case 'delivered':
      return strings.eventDelivered();
    case 'notCollected':
      return strings.eventNotCollected();
    case 'returned':
      return strings.eventReturned();
  }
}

interface TimelineProps {
  events: ReturnEvents;
  culture: Culture;
  strings: SuccessStrings;
  links: SuccessLinks;
}

/**
 * Where the return is (issue: following it to the shop): its steps as an ordered list, the newest
 * last. A step that arrives while the page is open is said once by a screen reader. The times are
 * the carrier's, in Czech time on the server and in the browser alike. Without events from the
 * carrier, its tracking page.
 */
export function Timeline({ events, culture, strings, links }: TimelineProps) {
  const [when] = useState(
    () =>
      new Intl.DateTimeFormat(culture, {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Europe/Prague',
      }),
  );
  const steps = events === 'unsupported' ? [] : events;
  // The steps the page came with are not news; each one after is said once.
  const known = useRef(steps.length);
  const [news, setNews] = useState('');
  const latest = steps.at(-1);
  useEffect(() => {
    if (steps.length <= known.current || !latest) return;
    known.current = steps.length;
    // The label's own step is said already, by the download's status beside the button.
    if (latest.type !== 'labelCreated') setNews(stepText(strings, latest));
  }, [steps.length, latest, strings]);

  if (events === 'unsupported')
    return (
      <p className="timeline__tracking">
        <a href={links.tracking} target="_blank" rel="noopener">
          {strings.trackingLink()} <span className="visually-hidden">{strings.newTab()}</span>
        </a>
      </p>
    );
  if (steps.length === 0) return null;
  return (
    <section className="timeline" aria-labelledby="timeline-title">
      <h3 id="timeline-title">{strings.timelineTitle()}</h3>
      <ol className="timeline__steps">
        {steps.map((event, at) => (
          <li
            key={`${event.type}-${event.at}`}
            className="timeline__step"
            aria-current={at === steps.length - 1 ? 'step' : undefined}
          >
            <span className="timeline__what">{stepText(strings, event)}</span>{' '}
            {/* The browser's date data may word a time a little differently from the server's. */}
            <time className="timeline__when" dateTime={event.at} suppressHydrationWarning>
              {when.format(new Date(event.at))}
            </time>
          </li>
        ))}
      </ol>
      <p className="visually-hidden" role="status">
        {news}
      </p>
    </section>
  );
}

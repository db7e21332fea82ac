import { use, useId, useState, type SubmitEvent } from 'react';
import { sentUrl, type AcceptedReturn } from '../../lib/acceptedReturn.ts';
import type { AccessPoint } from '@parcel-returns/contract';
import {
  formatClock,
  formatDistance,
  formatMaxParcel,
  mapLinkOf,
  nearMaxLength,
  nearQueryOf,
  openState,
  type AccessPointAnswer,
  type DropOff,
} from '../../lib/dropOff.ts';
import { cultures, type Culture } from '../../lib/locales.ts';
import { siteApi } from '../../lib/siteApi.ts';
import { callApi } from '../api.ts';
import { islandTexts, type IslandTexts } from '../returnForm/islandTexts.ts';
import type { SuccessLinks } from './strings.ts';
import './dropOff.scss';

interface DropOffProps {
  accepted: AcceptedReturn;
  /** What the server found for the page's `near` (the sender's postcode, or the last search). */
  dropOff: DropOff;
  links: SuccessLinks;
}

type Texts = IslandTexts['dropOff'];

/** The sent page's own address and query, for the plain GET search: its fields but `near`. */
function searchTarget(accepted: AcceptedReturn): { action: string; fields: [string, string][] } {
  const url = new URL(sentUrl({ ...accepted, near: undefined }), 'http://page.invalid');
  return { action: url.pathname, fields: [...url.searchParams] };
}

/** One place: what it is, how far, whether it is open now, what it takes, and the way to it on a map. */
function Place({
  point,
  at,
  culture,
  qr,
  strings,
  newTab,
}: {
  point: AccessPoint;
  at: number;
  culture: Culture;
  qr: boolean;
  strings: Texts;
  newTab: string;
}) {
  const state = openState(point, at);
  const hours =
    state.kind === 'nonstop'
      ? strings.nonstop()
      : state.kind === 'openUntil'
        ? strings.openUntil({ time: formatClock(state.time, culture) })
        : state.kind === 'opensAt'
          ? strings.opensAt({ time: formatClock(state.time, culture) })
          : strings.closedToday();
  const { street, zipCode, city } = point.address;
  return (
    <li className="drop-off__place">
      <h4 className="drop-off__name">{point.name}</h4>
      <p className="drop-off__meta">
        {point.type === 'locker' ? strings.locker() : strings.shop()} ·{' '}
        {strings.distance({ distance: formatDistance(point.distance, culture) })}
      </p>
      <p>
        {street}, {zipCode.replace(/^(\d{3})(\d{2})$/, '$1 $2')} {city}
      </p>
      <p className={`drop-off__hours drop-off__hours--${state.kind}`}>{hours}</p>
      <ul className="drop-off__details">
        {qr && point.labelless && <li>{strings.takesQr()}</li>}
        <li>{point.wheelchairAccessible ? strings.wheelchair() : strings.noWheelchair()}</li>
        <li>{strings.maxParcel({ size: formatMaxParcel(point, culture) })}</li>
      </ul>
      <a href={mapLinkOf(point)} target="_blank" rel="noopener noreferrer">
        <span aria-hidden="true">{strings.onMap()}</span>
        <span className="visually-hidden">
          {strings.onMapName({ name: point.name })} {newTab}
        </span>
      </a>
    </li>
  );
}

/**
 * 'Where to take it' on the sent page of a return to a pick-up point: the places nearest to the
 * sender's postcode, or to a postcode or town searched for, that take this return (a label-less
 * one only where the code is printed or scanned). Without scripts the search is a plain GET form
 * and the list the server's; the island searches through the site's API and says the new list
 * politely. Without the carrier's extension, a known place or any place near, the spec's map
 * links stay.
 */
export function DropOffPlaces({ accepted, dropOff: initial, links }: DropOffProps) {
  const { locale, labelless: qr } = accepted;
  const texts = use(islandTexts(locale));
  const strings = texts.dropOff;
  const culture = cultures[locale];
  const [dropOff, setDropOff] = useState<DropOff>(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const id = useId();
  const target = searchTarget(accepted);

  const search = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    // The field as it is, also what was typed in it before the island took the page over.
    const field = new FormData(event.currentTarget).get('near');
    const typed = typeof field === 'string' ? field.trim() : '';
    setFailure(undefined);
    if (!nearQueryOf(typed)) {
      setDropOff({ kind: 'ask', near: typed });
      return;
    }
    setBusy(true);
    const result = await callApi<AccessPointAnswer>('accessPoints', siteApi.accessPoints(typed, qr));
    setBusy(false);
    if (result.ok) {
      setDropOff({ kind: 'places', near: typed, found: result.data, at: Date.now() });
    } else if (result.code === 'placeNotFound' || result.code === 'badRequest') {
      setDropOff({ kind: 'placeNotFound', near: typed });
    } else if (result.code === 'accessPointsUnsupported') {
      setDropOff({ kind: 'unsupported', near: typed });
    } else {
      setFailure(result.status === 429 ? strings.tooMany() : strings.searchFailed());
      return;
    }
    // The page's address keeps the search: a reload, or the same page on a phone, shows this list.
    const url = new URL(window.location.href);
    url.searchParams.set('near', typed);
    window.history.replaceState(window.history.state, '', url);
  };

  const places = dropOff.kind === 'places' ? dropOff.found.accessPoints : [];
  const message =
    dropOff.kind === 'places'
      ? places.length > 0
        ? qr
          ? strings.leadQr()
          : strings.leadLabel()
        : strings.none()
      : dropOff.kind === 'placeNotFound'
        ? strings.placeNotFound({ near: dropOff.near })
        : dropOff.kind === 'unsupported'
          ? strings.unsupported()
          : strings.ask();
  const mapLinks = dropOff.kind !== 'places' || places.length === 0;

  return (
    <section className="drop-off" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{strings.title()}</h3>
      {dropOff.kind !== 'unsupported' && (
        <form
          className="drop-off__search"
          method="get"
          action={target.action}
          onSubmit={(e) => void search(e)}
          role="search"
        >
          {target.fields.map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <label htmlFor={`${id}-near`}>{strings.searchLabel()}</label>
          <p id={`${id}-hint`} className="drop-off__hint">
            {strings.searchHint()}
          </p>
          <div className="drop-off__row">
            <input
              id={`${id}-near`}
              name="near"
              type="text"
              className="drop-off__input"
              defaultValue={initial.near}
              maxLength={nearMaxLength}
              aria-describedby={`${id}-hint`}
            />
            <button type="submit" className="button button--secondary" aria-busy={busy}>
              {strings.searchButton()}
            </button>
          </div>
        </form>
      )}
      {/* Said politely when a search changes it; the list itself is not a live region. */}
      <div role="status">
        {busy ? (
          <p>{strings.searching()}</p>
        ) : (
          <>
            {dropOff.kind === 'places' && places.length > 0 && (
              <p className="drop-off__origin">{strings.near({ near: dropOff.found.origin.name })}</p>
            )}
            <p>{message}</p>
          </>
        )}
      </div>
      {failure && (
        <p className="drop-off__failed" role="alert">
          {failure}
        </p>
      )}
      {places.length > 0 && dropOff.kind === 'places' && (
        <>
          <ol className="drop-off__list">
            {places.map((point) => (
              <Place
                key={point.code}
                point={point}
                at={dropOff.at}
                culture={culture}
                qr={qr}
                strings={strings}
                newTab={texts.success.newTab()}
              />
            ))}
          </ol>
          <p className="drop-off__note">{strings.sizeNote()}</p>
        </>
      )}
      {mapLinks && (
        <ul className="drop-off__maps">
          <li>
            <a href={links.mapHome} target="_blank" rel="noopener">
              {texts.form.mapHome()} <span className="visually-hidden">{texts.success.newTab()}</span>
            </a>
          </li>
          <li>
            <a href={links.mapAbroad} target="_blank" rel="noopener">
              {texts.form.mapAbroad()} <span className="visually-hidden">{texts.success.newTab()}</span>
            </a>
          </li>
        </ul>
      )}
    </section>
  );
}

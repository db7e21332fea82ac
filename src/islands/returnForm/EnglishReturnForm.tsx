import en from '../../i18n/en/index.ts';
import { withDictionary } from './withDictionary.tsx';

/** The form island of the English pages. */
export default withDictionary('en', en);

import cs from '../../i18n/cs/index.ts';
import { withDictionary } from './withDictionary.tsx';

/** The form island of the Czech pages. */
export default withDictionary('cs', cs);

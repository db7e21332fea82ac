import { useStore } from '@nanostores/react';
import { $return } from '../stores/returnState.ts';
import { useLoadedComponent } from '../useLoadedComponent.ts';
import type { SuccessScreenProps } from './SuccessPanel.tsx';
import './success.scss';

const loadPanel = () => import('./SuccessPanel.tsx').then((module) => module.default);

/**
 * The success screen island (spec §2). It shares the return's state with the form through the
 * store and shows the screen once the carrier accepted the return. The screen's code loads
 * when the sender sends the form (or a resumed return needs it), not with the page: most
 * visits of the form page never reach it. The server renders nothing here, and so does the
 * first render in the browser, whichever island set the state first.
 */
export default function SuccessScreen(props: SuccessScreenProps) {
  const { status } = useStore($return);
  const shown = status === 'accepted' || status === 'ready';
  // Asked for while the carrier takes the return, so the screen is there when it answers.
  const SuccessPanel = useLoadedComponent(loadPanel, shown || status === 'submitting');
  return SuccessPanel && shown ? <SuccessPanel {...props} /> : null;
}

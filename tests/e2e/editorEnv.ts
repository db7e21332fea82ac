import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodePort } from '../hosting/ports.ts';

/**
 * The content editor of the end-to-end server: on, behind HTTP Basic, saving into a copy of the
 * shell content (one folder per port) so that a test never changes src/content/ itself.
 */
export const editor = {
  root: join(tmpdir(), `returns-editor-${nodePort}`),
  username: 'editor',
  password: 'e2e-editor-password',
};

export const editorServerEnv = {
  CONTENT_EDITOR: 'on',
  CONTENT_EDITOR_CREDENTIALS: `${editor.username}:${editor.password}`,
  CONTENT_ROOT: editor.root,
};

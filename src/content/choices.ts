/**
 * The closed lists editors choose from, shared by the content schema (schema.ts), the editor's
 * fields (editorFields.ts) and the components that draw them, so that a new choice is added once.
 */
export const socialNetworks = ['facebook', 'instagram', 'linkedin', 'youtube', 'x', 'tiktok'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export const appStores = ['appStore', 'googlePlay'] as const;
export type AppStore = (typeof appStores)[number];

export const noticeLevels = ['info', 'warning'] as const;
export type NoticeLevel = (typeof noticeLevels)[number];

/** An http(s) address without spaces: the only kind of link editors may set. */
export const httpAddress = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;

/** An e-mail address the accessibility statement's feedback link writes to: one @, no spaces. */
export const emailAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A calendar day as the editor's date field stores it: 2026-11-28. */
export const isoDay = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** How the editor names each choice (editors work in Czech and English, the names are brands). */
export const choiceLabels: Record<SocialNetwork | AppStore | NoticeLevel, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  x: 'X',
  tiktok: 'TikTok',
  appStore: 'App Store',
  googlePlay: 'Google Play',
  info: 'Informace / Information',
  warning: 'Upozornění / Warning',
};

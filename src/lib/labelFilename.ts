const safeFilename = /^[\w.-]{1,100}\.pdf$/;

/** The label's file name from a Content-Disposition header if it is a plain one; spec §3: label.pdf otherwise. */
export function labelFilename(contentDisposition: string | null | undefined): string {
  const name = /filename="?([^";]+)"?/i.exec(contentDisposition ?? '')?.[1];
  return name && safeFilename.test(name) ? name : 'label.pdf';
}

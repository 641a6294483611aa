/**
 * Hands a blob to the browser as a download under `fileName` (object URL → a temporary link): the
 * spreadsheet exports and the attachments, which come through the API client (they need the Bearer
 * token) and so cannot be a plain link.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.appendChild(link);
    link.click();
    link.remove();
  } finally {
    // Give the browser a moment to start the download before the URL goes.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

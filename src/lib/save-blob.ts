const REVOKE_AFTER_MS = 40_000;

/** Saves a blob the page fetched as a file named `fileName` (through a temporary object URL and a link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The browser reads the URL after the click, on its own schedule: revoked late, as FileSaver.js does.
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/**
 * A form's uploads in progress: each file field reports whether its file is still on its way, and the form's
 * Save waits (reading 'Uploading...') until none is.
 */
import { createContext, useCallback, useContext, useEffect, useState } from 'react';

type ReportUpload = (field: string, busy: boolean) => void;

const FormUploadsContext = createContext<ReportUpload>(() => undefined);

export const FormUploadsProvider = FormUploadsContext.Provider;

/** The form's side: whether a file field is uploading, and the report its fields call. */
export function useFormUploads(): { busy: boolean; report: ReportUpload } {
  const [uploading, setUploading] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<ReportUpload>(
    (field, busy) =>
      setUploading((current) => {
        if (current.has(field) === busy) return current;
        const next = new Set(current);
        if (busy) next.add(field);
        else next.delete(field);
        return next;
      }),
    [],
  );
  return { busy: uploading.size > 0, report };
}

/** A file field's side: tells its form while its file is uploading (and that it is not, once gone). */
export function useReportUpload(field: string, busy: boolean): void {
  const report = useContext(FormUploadsContext);
  useEffect(() => {
    report(field, busy);
    return () => report(field, false);
  }, [report, field, busy]);
}

/**
 * A list's import from a CSV or Excel file (issue 46; a declaration's `list.import`, shared/import.ts): choose a file
 * (or download the list's template), map its columns to the fields (matched by heading, and as the user chose last
 * time on this list), check the rows, see each failing row with its errors (a name no record has, found here; every
 * other error is the server's, the form's own), and import the valid rows: all of them in one go, or none. Built
 * from the light components, as the list page is; loaded when it first opens.
 */
import { type BaseRecord, useDataProvider, useSubscription } from '@refinedev/core';
import { IMPORT_JOB_EVENT } from '@shared/events';
import {
  IMPORT_JOB_MAX,
  IMPORT_LIMIT,
  type ImportPreview,
  type ImportResult,
  importRowErrors,
  type ImportRow,
} from '@shared/import';
import { type ChangeEvent, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '@/components/field-errors';
import { useSafeFormSubmit } from '@/components/useSafeSubmit';
import type { ResourceDeclaration } from '@/declarations/types';
import { saveBlob } from '@/lib/save-blob';
import { Alert } from '@/ui/Alert';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { Select } from '@/ui/Select';
import { csvFile, type ExportFormat, xlsxFile } from '../export/export-files';
import { exportFileName } from '@shared/list-exports';
import { readAllRows } from '../read-all-rows';
import {
  autoMapping,
  buildRows,
  type BuiltRows,
  type ColumnTarget,
  importFields,
  KEY_TARGET,
  rememberedMapping,
  rememberMapping,
  type SheetTable,
} from './import-rows';
import { OWN_CHANNEL } from '@/providers/live-provider';
import { type ImportJobEvent, ImportRefused, runImportJob } from './import-job';
import { readSheet, SHEET_ACCEPT, UnreadableFile } from './read-sheet';
import './import.css';

export interface ImportDialogProps {
  resource: ResourceDeclaration;
  /** The list's title: the dialog's and the template's name. */
  title: string;
  close(): void;
  onImported(result: ImportResult): void;
}

/** The most records of a referenced list a file may name (the roles, groups, libraries of the company). */
const REFERENCE_LIMIT = 5000;

/** A checked file: its rows as built, what the server said of them, and every failing row's errors. */
interface Checked {
  built: BuiltRows;
  preview: ImportPreview;
  failed: Map<number, Record<string, string[]>>;
}

export default function ImportDialog({ resource, title, close, onImported }: ImportDialogProps) {
  const { t, i18n } = useTranslation(resource.ns);
  const { t: tl } = useTranslation('lists');
  const dataProvider = useDataProvider();
  const declared = resource.list!.import!;
  const fields = useMemo(
    () => importFields(resource.form?.fields ?? [], declared.fields, resource.name),
    [resource, declared],
  );
  const id = useId();
  const [fileName, setFileName] = useState('');
  const [table, setTable] = useState<SheetTable | null>(null);
  const [mapping, setMapping] = useState<ColumnTarget[]>([]);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  /** A large file's job under way: how many of its rows are checked or written. */
  const [jobProgress, setJobProgress] = useState<{ write: boolean; done: number; total: number } | null>(
    null,
  );
  const jobListeners = useRef(new Set<(event: ImportJobEvent) => void>());
  useSubscription({
    channel: OWN_CHANNEL,
    types: [IMPORT_JOB_EVENT],
    onLiveEvent: (event) =>
      jobListeners.current.forEach((listener) => listener(event.payload as unknown as ImportJobEvent)),
  });
  const listenToJobs = (listener: (event: ImportJobEvent) => void) => {
    jobListeners.current.add(listener);
    return () => jobListeners.current.delete(listener);
  };
  const collection = resource.writeCollection ?? resource.name;
  const byName = (resource.idField ?? 'id') !== 'id';
  const keyLabel = tl('export.key');
  const labelOf = (field: string) =>
    field === 'key' ? keyLabel : field === 'row' ? tl('import.rowColumn') : labelOfField(field);
  const labelOfField = (name: string) => {
    const field = fields.find((candidate) => candidate.name === name.split('.')[0]);
    return field ? t(field.labelKey) : name;
  };
  const targets = [
    { target: KEY_TARGET, names: [keyLabel, 'id', 'key'] },
    ...fields.map((field) => ({
      target: field.name,
      names: [field.name, field.name.replace(/_ids?$/, ''), ...labelsOf(field.labelKey)],
    })),
  ];
  /** A field's label in every language the portal has loaded (a Dutch file in an English portal is matched too). */
  function labelsOf(labelKey: string): string[] {
    return (i18n.languages ?? []).map((language) => i18n.getFixedT(language, resource.ns)(labelKey));
  }

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setChecked(null);
    setProblem(null);
    setTable(null);
    if (!file) return;
    setFileName(file.name);
    try {
      const read = await readSheet(file);
      if (!read.rows.length) return setProblem(tl('import.noRows'));
      if (read.rows.length > IMPORT_JOB_MAX)
        return setProblem(tl('import.tooLarge', { count: read.rows.length, limit: IMPORT_JOB_MAX }));
      setTable(read);
      setMapping(autoMapping(read.headers, targets, rememberedMapping(resource.name)));
    } catch (error) {
      setProblem(error instanceof UnreadableFile ? tl('import.unreadable') : tl('import.failed'));
    }
  };

  const downloadTemplate = async (format: ExportFormat) => {
    const template = {
      headers: [keyLabel, ...fields.map((field) => t(field.labelKey))],
      rows: [],
      dates: { day: [], time: [] },
    };
    const name = tl('import.templateName', { list: title });
    const file =
      format === 'csv'
        ? csvFile(template, i18n.resolvedLanguage)
        : await xlsxFile(template, i18n.resolvedLanguage, title);
    saveBlob(file, exportFileName(name, format));
  };

  /** The records each mapped reference field may name, by name. */
  const referenceIndex = async () => {
    const index = new Map<string, Map<string, unknown>>();
    for (const field of fields) {
      const reference = field.reference;
      if (!reference || !mapping.includes(field.name)) continue;
      const read = await readAllRows(
        {
          getList: dataProvider().getList,
          call: { resource: reference.resource, sorters: [], filters: [], meta: {} },
          keyOf: (record: BaseRecord) => record.id,
        },
        REFERENCE_LIMIT,
      );
      const records = 'rows' in read ? read.rows : [];
      index.set(
        field.name,
        new Map(
          records.map((record) => [String(record[reference.labelField] ?? '').toLowerCase(), record.id]),
        ),
      );
    }
    return index;
  };

  /**
   * Sends the rows without errors of their own; the answer's rows are mapped back to the file's. More rows than one
   * request takes go to a job (import-job.ts), whose progress the dialog shows.
   */
  const send = async <T,>(path: string, built: BuiltRows, skip: { has(index: number): boolean }) => {
    const indexes = built.rows.flatMap((_, index) => (skip.has(index) ? [] : [index]));
    const rows: ImportRow[] = indexes.map((index) => built.rows[index]);
    if (rows.length > IMPORT_LIMIT) {
      const write = path === 'import-rows';
      setJobProgress({ write, done: 0, total: rows.length });
      try {
        const job = { collection, rows, listen: listenToJobs };
        const onProgress = (done: number, total: number) => setJobProgress({ write, done, total });
        const data = write
          ? await runImportJob({ ...job, write, onProgress })
          : await runImportJob({ ...job, write, onProgress });
        return { data: data as T, indexes };
      } finally {
        setJobProgress(null);
      }
    }
    const { custom } = dataProvider();
    if (!custom) throw new Error('The data provider sends no custom requests');
    const answer = await custom<BaseRecord>({
      url: `/${collection}/${path}`,
      method: 'post',
      payload: { rows },
    });
    return { data: (answer.data as unknown as { data: T }).data, indexes };
  };

  const check = async () => {
    if (!table) return;
    setProblem(null);
    if (!declared.create && !mapping.includes(KEY_TARGET))
      return setProblem(tl('import.keyNeeded', { key: keyLabel }));
    rememberMapping(resource.name, table.headers, mapping);
    try {
      const built = buildRows(table, mapping, fields, {
        byName,
        references: await referenceIndex(),
        texts: {
          optionLabel: (option) => option.label ?? t(option.labelKey ?? option.value),
          unknownReference: (field, value) =>
            tl('import.unknownReference', { field: t(field.labelKey), value }),
        },
      });
      const failed = new Map(built.errors);
      let preview: ImportPreview = { create: 0, update: 0, failed: [] };
      if (failed.size < built.rows.length) {
        const answer = await send<ImportPreview>('import-rows/preview', built, failed);
        preview = answer.data;
        for (const { row, errors } of preview.failed) failed.set(answer.indexes[row], errors);
      }
      setChecked({ built, preview, failed });
    } catch (error) {
      // A refusal of the whole request (more rows than the limit): the server's words.
      const messages =
        error instanceof ImportRefused
          ? Object.values(error.errors).flat()
          : fieldErrorsOf(error).flatMap((field) => field.errors);
      setProblem(messages.length ? messages.join(' ') : tl('import.failed'));
    }
  };

  const runImport = async () => {
    if (!checked) return;
    try {
      const answer = await send<ImportResult>('import-rows', checked.built, new Set(checked.failed.keys()));
      onImported(answer.data);
    } catch (error) {
      // A row that turned invalid since the check (a name taken meanwhile): nothing was written; it is shown.
      const rowErrors = importRowErrors(
        error instanceof ImportRefused
          ? error.errors
          : Object.fromEntries(fieldErrorsOf(error).map((field) => [field.name, field.errors])),
      );
      if (!rowErrors.length) return setProblem(tl('import.failed'));
      const sent = checked.built.rows.flatMap((_, index) => (checked.failed.has(index) ? [] : [index]));
      const failed = new Map(checked.failed);
      for (const { row, errors } of rowErrors) failed.set(sent[row], errors);
      setChecked({ ...checked, failed });
      setProblem(tl('import.changedMeanwhile'));
    }
  };
  // Check, then Import: one submit, never sent twice while it runs.
  const submit = useSafeFormSubmit(() => (checked ? runImport() : check()));

  const valid = checked ? checked.built.rows.length - checked.failed.size : 0;
  const nameField = resource.list?.nameField ?? 'name';
  const rowName = (index: number) => {
    const row = checked?.built.rows[index];
    const name = row?.values[nameField];
    return typeof name === 'string' && name ? name : row?.key !== undefined ? String(row.key) : '';
  };
  const fileId = `${id}-file`;
  const formId = `${id}-form`;

  return (
    <Dialog
      open
      width={760}
      title={tl('import.title', { list: title })}
      onClose={close}
      footer={
        <>
          <Button onClick={close}>{tl('cancel')}</Button>
          <Button
            variant="primary"
            htmlType="submit"
            form={formId}
            disabled={checked ? valid === 0 : !table}
            loading={submit.submitting}
          >
            {checked ? tl('import.submit', { count: valid }) : tl('import.check')}
          </Button>
        </>
      }
    >
      <form
        id={formId}
        className="import-dialog"
        onSubmit={(event) => void submit.onSubmit(event)}
        noValidate
      >
        <p>
          {declared.create
            ? tl('import.intro', { key: keyLabel })
            : tl('import.introUpdate', { key: keyLabel })}
        </p>
        <div className="import-dialog__file">
          <label htmlFor={fileId}>{tl('import.file')}</label>
          <input id={fileId} type="file" accept={SHEET_ACCEPT} onChange={(event) => void chooseFile(event)} />
          <span className="import-dialog__template">
            {tl('import.template')}
            <Button
              size="small"
              variant="link"
              aria-label={tl('import.templateCsvName')}
              onClick={() => void downloadTemplate('csv')}
            >
              {tl('import.templateCsv')}
            </Button>
            <Button
              size="small"
              variant="link"
              aria-label={tl('import.templateXlsxName')}
              onClick={() => void downloadTemplate('xlsx')}
            >
              {tl('import.templateXlsx')}
            </Button>
          </span>
        </div>
        {problem && <Alert type="error" role="alert" message={problem} />}
        {jobProgress && (
          <div className="import-dialog__job">
            <span id={`${id}-job`}>
              {tl(jobProgress.write ? 'import.jobImporting' : 'import.jobChecking', {
                done: jobProgress.done,
                total: jobProgress.total,
              })}
            </span>
            <progress aria-labelledby={`${id}-job`} max={jobProgress.total} value={jobProgress.done} />
          </div>
        )}
        {table && (
          <table className="import-dialog__table">
            <caption>{tl('import.columns', { file: fileName, count: table.rows.length })}</caption>
            <thead>
              <tr>
                <th scope="col">{tl('import.column')}</th>
                <th scope="col" className="import-dialog__example">
                  {tl('import.example')}
                </th>
                <th scope="col">{tl('import.target')}</th>
              </tr>
            </thead>
            <tbody>
              {table.headers.map((header, column) => (
                <tr key={`${column}-${header}`}>
                  <th scope="row" id={`${id}-column-${column}`}>
                    {header}
                  </th>
                  <td className="import-dialog__example">{table.rows[0]?.[column] ?? ''}</td>
                  <td>
                    <Select<string>
                      aria-labelledby={`${id}-column-${column}`}
                      value={mapping[column] ?? undefined}
                      placeholder={tl('import.ignore')}
                      options={targets.map(({ target }) => ({
                        value: target,
                        label: target === KEY_TARGET ? keyLabel : labelOfField(target),
                      }))}
                      onChange={(target) => {
                        setChecked(null);
                        setMapping((current) =>
                          current.map((chosen, index) =>
                            index === column ? (target ?? null) : chosen === target ? null : chosen,
                          ),
                        );
                      }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {checked && (
          <div className="import-dialog__result" role="status">
            <p>
              {tl('import.summary', {
                count: checked.built.rows.length,
                create: checked.preview.create,
                update: checked.preview.update,
                failed: checked.failed.size,
              })}
            </p>
            {checked.failed.size > 0 && (
              <table className="import-dialog__table import-dialog__errors">
                <caption>{tl('import.errorsTitle')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{tl('import.rowColumn')}</th>
                    <th scope="col">{tl('import.nameColumn')}</th>
                    <th scope="col">{tl('import.errorsColumn')}</th>
                  </tr>
                </thead>
                <tbody>
                  {[...checked.failed]
                    .sort(([a], [b]) => a - b)
                    .map(([index, errors]) => (
                      <tr key={index}>
                        {/* The file's line: the headings are line 1. */}
                        <td>{index + 2}</td>
                        <td>{rowName(index)}</td>
                        <td>
                          <ul>
                            {Object.entries(errors).flatMap(([field, messages]) =>
                              messages.map((message) => (
                                <li key={`${field}-${message}`}>
                                  <strong>{labelOf(field)}:</strong> {message}
                                </li>
                              )),
                            )}
                          </ul>
                        </td>
                      </tr>
                    ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </form>
    </Dialog>
  );
}

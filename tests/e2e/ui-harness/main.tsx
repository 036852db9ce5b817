/**
 * A page of the light components alone, built only for tests/e2e/ui-primitives.spec.ts (never part of the
 * portal): a menu, a dialog, a popover whose content grows, tooltips, a multiple choice and a select, and a menu
 * pinned to the viewport's bottom-right corner that opens to its right (where its panel has to flip and shift).
 */
import '@/styles.css';
import i18next from 'i18next';
import { StrictMode, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { MenuButton } from '@/ui/MenuButton';
import { MultiSelect } from '@/ui/MultiSelect';
import { Popover } from '@/ui/Popover';
import { Select } from '@/ui/Select';
import { designTokenVariables } from '@/ui/design-tokens';
import { Tooltip } from '@/ui/Tooltip';
import enCommon from '../../../public/locales/en/common.json';

const i18n = i18next.createInstance();
void i18n.use(initReactI18next).init({
  lng: 'en',
  resources: { en: { common: enCommon } },
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
});

// The design tokens, as the portal's ShellTheme sets them.
for (const [name, value] of Object.entries(designTokenVariables()))
  document.documentElement.style.setProperty(name, value);

/** What the menus and the dialog did, for the test to read. */
function useLog() {
  const [entries, setEntries] = useState<string[]>([]);
  return [entries, (entry: string) => setEntries((all) => [...all, entry])] as const;
}

const menuItems = (log: (entry: string) => void) => [
  { key: 'open', label: 'Open', onSelect: () => log('Open') },
  { key: 'duplicate', label: 'Duplicate', onSelect: () => log('Duplicate') },
  { key: 'archive', label: 'Archive', disabled: true },
  { key: 'download', label: 'Download', onSelect: () => log('Download') },
  { key: 'divider', divider: true as const },
  { key: 'delete', label: 'Delete', danger: true, onSelect: () => log('Delete') },
];

function GrowingPanel() {
  const [lines, setLines] = useState(1);
  return (
    <div>
      <h2 id="growing-title" style={{ margin: 0, fontSize: 16 }}>
        Filters
      </h2>
      {Array.from({ length: lines }, (_, index) => (
        <p key={index} style={{ margin: '4px 0', whiteSpace: 'nowrap' }}>
          {index === 0 ? 'Line 1' : `Line ${index + 1} of a panel that grows wider and taller`}
        </p>
      ))}
      <Button onClick={() => setLines(lines + 1)}>Add a line</Button>
    </div>
  );
}

function Harness() {
  const [log, addToLog] = useLog();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [labels, setLabels] = useState<string[]>([]);
  const [status, setStatus] = useState<'active' | 'archived' | undefined>();

  return (
    <div style={{ padding: 24, display: 'grid', gap: 16, justifyItems: 'start' }}>
      <header style={{ display: 'flex', gap: 8 }}>
        <button type="button">Before menu</button>
        <MenuButton
          items={menuItems(addToLog)}
          renderTrigger={(props) => <Button {...props}>Actions</Button>}
        />
        <button type="button">After menu</button>
      </header>

      <section style={{ display: 'flex', gap: 8, width: '100%', justifyContent: 'flex-end' }}>
        <Popover
          labelledBy="growing-title"
          placement="bottom-end"
          renderTrigger={(props) => <Button {...props}>Show filters</Button>}
        >
          <GrowingPanel />
        </Popover>
        <button type="button">After popover</button>
      </section>

      <section style={{ display: 'flex', gap: 8 }}>
        <Tooltip title="Opens the project in the viewer">
          <Button>Hover me</Button>
        </Tooltip>
        <Button onClick={() => setDialogOpen(true)}>Delete project</Button>
        <Dialog
          open={dialogOpen}
          title="Delete Harbour Tower?"
          onClose={() => setDialogOpen(false)}
          footer={
            <>
              <Button onClick={() => setDialogOpen(false)}>Cancel</Button>
              <Button variant="primary" danger onClick={() => setDialogOpen(false)}>
                Delete
              </Button>
            </>
          }
        >
          <p>It moves to the recycling bin.</p>
          <label>
            Reason <input name="reason" />
          </label>
        </Dialog>
      </section>

      <section style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
        <span id="labels-label">Labels</span>
        <MultiSelect
          labelId="labels-label"
          value={labels}
          options={[
            { value: 'exterior', label: 'Exterior' },
            { value: 'interior', label: 'Interior' },
            { value: 'landscape', label: 'Landscape' },
          ]}
          onChange={setLabels}
          placeholder="All labels"
          emptyText="No labels"
        />
        <Select<'active' | 'archived'>
          aria-label="Status"
          value={status}
          placeholder="Any status"
          options={[
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
          onChange={setStatus}
        />
        <output aria-label="Chosen status">{status ?? ''}</output>
      </section>

      <p>
        Behind the dialog: <a href="#behind">a link on the page</a>
      </p>

      <ol aria-label="Log">
        {log.map((entry, index) => (
          <li key={index}>{entry}</li>
        ))}
      </ol>

      <div style={{ position: 'fixed', right: 0, bottom: 0, padding: 4 }}>
        <MenuButton
          items={menuItems(addToLog)}
          placement="right-start"
          label="Corner menu"
          renderTrigger={(props) => <Button {...props}>Corner</Button>}
        />
      </div>
    </div>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <Harness />
      </MemoryRouter>
    </I18nextProvider>
  </StrictMode>,
);

/**
 * The field kinds a declared form can name, and its client-side rules taken from the entity's shared input
 * schema (TypeBox), on the generic form page over the real data provider and a stubbed API.
 */
import { Type } from '@sinclair/typebox';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatDate } from '@/lib/intl-formats';
import { rulesFromSchema } from '@/lib/schema-rules';
import ResourceFormPage from '@/pages/form/ResourceFormPage';
import { defineResource } from '@/declarations/types';
import { tenantStore } from '@/shell/tenant/TenantContext';
import { acmeTenant, aliceUser, type ApiStub, RefineHarness, signInAs, stubApi } from './data-provider-stub';
import { portalI18n } from './support/portal-app';
import { Nullable, StringEnum } from '@shared/schema-types';

/** An input schema as `shared/entities/<entity>.ts` declares one. */
const ContactInputSchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 20 }),
  email: Type.String({ format: 'email', maxLength: 255 }),
  phone_number: Type.Optional(Nullable(Type.String({ maxLength: 30 }))),
  password: Type.Optional(Type.String({ minLength: 8 })),
  color: Type.String({ pattern: '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$' }),
  kind: StringEnum(['added', 'updated', 'fixed']),
  environments: Type.Optional(Type.Array(Type.String())),
  starts_at: Type.Optional(Type.String({ format: 'date-time' })),
});

const TEXTS = {
  titles: { create: 'New contact', edit: 'Edit contact' },
  fields: {
    name: 'Name',
    email: 'Email',
    phone: 'Phone Number',
    password: 'Password',
    color: 'Color',
    kind: 'Type',
    environments: 'Environments',
    starts: 'Starts',
    gold: 'Gold seats',
    silver: 'Silver seats',
  },
  values: { added: 'Added', updated: 'Updated', fixed: 'Fixed', development: 'Development', test: 'Test' },
};

const contacts = defineResource({
  name: 'contacts',
  ns: 'contacts',
  screen: 'contacts',
  idParam: 'contactId',
  routes: { list: 'contacts', create: 'contacts/create', edit: 'contacts/edit/:contactId' },
  form: {
    schema: async () => ContactInputSchema,
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      { name: 'email', labelKey: 'fields.email', kind: 'email' },
      { name: 'phone_number', labelKey: 'fields.phone', kind: 'tel' },
      { name: 'password', labelKey: 'fields.password', kind: 'password', only: 'create' },
      { name: 'color', labelKey: 'fields.color', kind: 'color' },
      {
        name: 'kind',
        labelKey: 'fields.kind',
        kind: 'select',
        options: [
          { value: 'added', labelKey: 'values.added' },
          { value: 'updated', labelKey: 'values.updated' },
          { value: 'fixed', labelKey: 'values.fixed' },
        ],
      },
      {
        name: 'environments',
        labelKey: 'fields.environments',
        kind: 'checkboxes',
        options: [
          { value: 'development', labelKey: 'values.development' },
          { value: 'test', labelKey: 'values.test' },
        ],
        initial: ['development'],
      },
      { name: 'starts_at', labelKey: 'fields.starts', kind: 'datetime' },
    ],
    redirect: 'back',
  },
});

const saved = {
  id: 5,
  name: 'Ada',
  email: 'ada@acme.test',
  phone_number: '+31 20 123 4567',
  color: '#13c2c2',
  kind: 'fixed',
  environments: ['test'],
  starts_at: '2026-03-01T09:30:00.000Z',
};

/** A record whose raw `seats` list shares its path with the declared `seats.gold` and `seats.silver`. */
const plans = defineResource({
  name: 'plans',
  ns: 'contacts',
  screen: 'plans',
  idParam: 'planId',
  routes: { list: 'plans', create: 'plans/create', edit: 'plans/edit/:planId' },
  form: {
    schema: async () => Type.Object({ name: Type.Optional(Type.String()) }),
    fields: [
      { name: 'name', labelKey: 'fields.name', kind: 'text' },
      ...(['gold', 'silver'] as const).map((key) => ({
        name: `seats.${key}`,
        labelKey: `fields.${key}`,
        kind: 'number' as const,
        fromRecord: (record: object) =>
          (record as { seats: Array<{ key: string; bought: number }> }).seats.find((seat) => seat.key === key)
            ?.bought ?? 0,
      })),
    ],
  },
});

let api: ApiStub;
beforeEach(() => {
  signInAs(aliceUser);
  tenantStore.setTenant(acmeTenant);
  api = stubApi();
});

function renderForm(path: string, routePath: string, action: 'create' | 'edit', resource = contacts) {
  const i18n = portalI18n('en');
  i18n.addResourceBundle('en', 'contacts', TEXTS);
  render(
    <RefineHarness path={path} routePath={routePath} i18n={i18n}>
      <ResourceFormPage resource={resource} action={action} />
    </RefineHarness>,
  );
}

describe('field kinds', () => {
  it('renders email, tel and password inputs, a colour picker, checkboxes and a date-time picker', async () => {
    renderForm('/contacts/create', '/contacts/create', 'create');
    expect(await screen.findByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone Number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('Color')).toHaveTextContent('Choose a color');
    const environments = screen.getByRole('group', { name: 'Environments' });
    expect(within(environments).getByRole('checkbox', { name: 'Development' })).toBeChecked();
    expect(within(environments).getByRole('checkbox', { name: 'Test' })).not.toBeChecked();
    expect(screen.getByLabelText('Starts')).toBeInTheDocument();
  });

  it('checks the rules of the shared schema before sending anything', async () => {
    const user = userEvent.setup();
    renderForm('/contacts/create', '/contacts/create', 'create');
    await user.type(await screen.findByLabelText('Email'), 'not-an-address');
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // Each field shows its message once its own check has run (antd validates the fields one by one).
    for (const message of [
      'Name is required',
      'Email must be a valid email address',
      'Password must be at least 8 characters',
      'Color is required',
      'Type is required',
    ])
      expect(await screen.findByText(message)).toBeInTheDocument();
    // The schema's maximum length is a rule, not a cut: a longer name stays as typed and is refused (issue 42).
    await user.type(screen.getByLabelText('Name'), 'A name of twenty-five chars');
    expect(screen.getByLabelText('Name')).toHaveValue('A name of twenty-five chars');
    await screen.findByText('Name may not be longer than 20 characters');
    expect(api.requests.filter((request) => request.method !== 'GET')).toEqual([]);
  });

  it('edits a record: values come back as the API sent them, checkboxes as a list', async () => {
    api
      .on('GET', '/contacts/:id', { body: { data: saved } })
      .on('PATCH', '/contacts/:id', ({ body }) => ({ body: { data: { ...saved, ...(body as object) } } }));
    const user = userEvent.setup();
    renderForm('/contacts/edit/5', '/contacts/edit/:contactId', 'edit');
    await screen.findByDisplayValue('ada@acme.test');
    expect(screen.getByLabelText('Color')).toHaveTextContent('#13c2c2');
    // The date-time as every screen writes it ('Mar 1, 2026, 09:30 AM' in UTC), not '2026-03-01 10:30:00'.
    expect(screen.getByLabelText('Starts')).toHaveValue(
      formatDate(saved.starts_at, 'en', true).replace(/[\u00a0\u202f]/g, ' '),
    );
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Development' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/contacts/5', 'PATCH')).toHaveLength(1));
    expect(api.calls('/contacts/5', 'PATCH')[0].body).toEqual({
      name: 'Ada',
      email: 'ada@acme.test',
      phone_number: '+31 20 123 4567',
      color: '#13c2c2',
      kind: 'fixed',
      environments: ['development', 'test'],
      starts_at: '2026-03-01T09:30:00.000Z',
    });
  });

  it("edits a record whose raw field shares a path with declared fields: the declared values, not the raw list's", async () => {
    api.on('GET', '/plans/:id', {
      body: {
        data: {
          id: 7,
          name: 'Pro',
          seats: [
            { key: 'gold', bought: 3 },
            { key: 'silver', bought: 0 },
          ],
        },
      },
    });
    renderForm('/plans/edit/7', '/plans/edit/:planId', 'edit', plans);
    await screen.findByDisplayValue('Pro');
    expect(screen.getByLabelText('Gold seats')).toHaveValue('3');
    expect(screen.getByLabelText('Silver seats')).toHaveValue('0');
  });

  it('edits a calendar date (`date`, make:resource) as the API writes it, `YYYY-MM-DD`', async () => {
    const events = defineResource({
      name: 'events',
      ns: 'contacts',
      screen: 'events',
      idParam: 'eventId',
      routes: { list: 'events', create: 'events/create', edit: 'events/edit/:eventId' },
      form: { fields: [{ name: 'held_on', labelKey: 'fields.starts', kind: 'date' }] },
    });
    api
      .on('GET', '/events/:id', { body: { data: { id: 3, held_on: '2026-03-14' } } })
      .on('PATCH', '/events/:id', ({ body }) => ({ body: { data: { id: 3, ...(body as object) } } }));
    const user = userEvent.setup();
    renderForm('/events/edit/3', '/events/edit/:eventId', 'edit', events);
    const input = await screen.findByLabelText('Starts');
    await waitFor(() => expect(input).toHaveValue('Mar 14, 2026'));
    await user.clear(input);
    // Enter in a field submits its form, as in a browser: the typed date is taken by leaving the field instead, so
    // that Save is the one submission.
    await user.type(input, '2027-01-31');
    await user.tab();
    await waitFor(() => expect(input).toHaveValue('Jan 31, 2027'));
    expect(api.calls('/events/3', 'PATCH')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('/events/3', 'PATCH')).toHaveLength(1));
    expect(api.calls('/events/3', 'PATCH')[0].body).toEqual({ held_on: '2027-01-31' });
  });
});

describe('rules from a shared schema', () => {
  const messages = {
    required: 'required',
    minLength: (min: number) => `min ${min}`,
    maxLength: (max: number) => `max ${max}`,
    pattern: 'pattern',
    oneOf: 'one of',
    email: 'email',
  };

  it('turns required, lengths, pattern, enum and the email format into antd rules', () => {
    expect(rulesFromSchema(ContactInputSchema, 'name', messages)).toEqual([
      { required: true, message: 'required' },
      { max: 20, message: 'max 20' },
    ]);
    expect(rulesFromSchema(ContactInputSchema, 'email', messages)).toEqual([
      { required: true, message: 'required' },
      { type: 'email', message: 'email' },
      { max: 255, message: 'max 255' },
    ]);
    expect(rulesFromSchema(ContactInputSchema, 'color', messages)).toEqual([
      { required: true, message: 'required' },
      { pattern: /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, message: 'pattern' },
    ]);
    expect(rulesFromSchema(ContactInputSchema, 'kind', messages)).toEqual([
      { required: true, message: 'required' },
      { type: 'enum', enum: ['added', 'updated', 'fixed'], message: 'one of' },
    ]);
    // Optional and nullable: the string branch's rules, nothing required.
    expect(rulesFromSchema(ContactInputSchema, 'phone_number', messages)).toEqual([
      { max: 30, message: 'max 30' },
    ]);
  });
});

import { useForm } from '@refinedev/antd';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, Input } from 'antd';
import { afterEach, expect, it, vi } from 'vitest';
import { renderInPortal, signInAs, stubApi } from './data-provider-stub';

interface LabelForm {
  name: string;
  items: { name: string }[];
}

/** A plain refine + antd create form, as the management pages will build them. */
function LabelCreateForm() {
  const { formProps, saveButtonProps } = useForm<LabelForm>({
    resource: 'labels',
    action: 'create',
    redirect: false,
  });
  return (
    <Form {...formProps} layout="vertical" initialValues={{ items: [{ name: 'first' }] }}>
      <Form.Item label="Name" name="name">
        <Input />
      </Form.Item>
      <Form.Item label="First item" name={['items', 0, 'name']}>
        <Input />
      </Form.Item>
      <Button {...saveButtonProps} htmlType="submit">
        Save
      </Button>
    </Form>
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  signInAs(null);
});

it('shows the messages of a 422 under the fields of an antd form, dotted keys included', async () => {
  const api = stubApi().on('POST', '/labels', {
    status: 422,
    body: {
      message: 'The name has already been taken. (and 1 more error)',
      errors: {
        name: ['The name has already been taken.'],
        'items.0.name': ['The item name is too short.'],
      },
    },
  });
  const user = userEvent.setup();
  renderInPortal(<LabelCreateForm />);

  await user.type(screen.getByLabelText('Name'), 'Urgent');
  await user.click(screen.getByRole('button', { name: 'Save' }));

  await screen.findByText('The name has already been taken.');
  const nameField = screen.getByLabelText('Name').closest('.ant-form-item')! as HTMLElement;
  expect(within(nameField).getByText('The name has already been taken.')).toHaveClass(
    'ant-form-item-explain-error',
  );
  // Each field shows its message as it renders: the second may come a frame after the first.
  const itemField = screen.getByLabelText('First item').closest('.ant-form-item')! as HTMLElement;
  expect(await within(itemField).findByText('The item name is too short.')).toHaveClass(
    'ant-form-item-explain-error',
  );
  expect(api.calls('/labels', 'POST')[0].body).toEqual({ name: 'Urgent', items: [{ name: 'first' }] });
});

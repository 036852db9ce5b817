/**
 * useSafeSubmit on a real antd form: a press whose check is overtaken by a field's own check (a typed date
 * committed as the click blurs it) still saves, once; a press whose check finds an error frees Save again.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form, type FormInstance, Input } from 'antd';
import { describe, expect, it } from 'vitest';
import { useSafeSubmit } from '@/components/useSafeSubmit';

interface Values {
  name: string;
}

/** A check the test ends when it chooses: each call of the rule waits for the next `settle`. */
function heldCheck() {
  const waiting: Array<() => void> = [];
  return {
    rule: { validator: () => new Promise<void>((resolve) => waiting.push(resolve)) },
    pending: () => waiting.length,
    settleAll: () => waiting.splice(0).forEach((resolve) => resolve()),
  };
}

function SaveForm({
  check,
  sent,
  formRef,
}: {
  check: ReturnType<typeof heldCheck>;
  sent: Values[];
  formRef: { current?: FormInstance<Values> };
}) {
  const [form] = Form.useForm<Values>();
  formRef.current = form;
  const submit = useSafeSubmit(form.submit, (values: Values) => {
    sent.push(values);
  });
  return (
    <Form form={form} onFinish={submit.finish} onFinishFailed={submit.failed}>
      <Form.Item
        name="name"
        label="Name"
        rules={[{ required: true, message: 'Name is required' }, check.rule]}
      >
        <Input />
      </Form.Item>
      <Button type="primary" onClick={submit.press} disabled={submit.submitting}>
        Save
      </Button>
    </Form>
  );
}

describe('a safe submit', () => {
  it('saves once when its check is overtaken by a field’s own check', async () => {
    const user = userEvent.setup();
    const check = heldCheck();
    const sent: Values[] = [];
    const formRef: { current?: FormInstance<Values> } = {};
    render(<SaveForm check={check} sent={sent} formRef={formRef} />);
    await user.type(screen.getByLabelText('Name'), 'Harbour');
    check.settleAll();

    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(check.pending()).toBe(1));
    // The field checks itself again before the press's check has ended (as a date picker does on blur).
    act(() => void formRef.current!.validateFields(['name']).catch(() => undefined));
    await waitFor(() => expect(check.pending()).toBe(2));
    await user.dblClick(save);
    await act(async () => check.settleAll());
    // The overtaken press is checked again, and that check too is the test's to end.
    await waitFor(() => expect(check.pending()).toBe(1));
    await act(async () => check.settleAll());

    await waitFor(() => expect(sent).toEqual([{ name: 'Harbour' }]));
    await waitFor(() => expect(save).toBeEnabled());
  });

  it('frees Save again when the check finds an error, and sends nothing', async () => {
    const user = userEvent.setup();
    const check = heldCheck();
    const sent: Values[] = [];
    render(<SaveForm check={check} sent={sent} formRef={{}} />);
    const save = screen.getByRole('button', { name: 'Save' });
    await user.click(save);
    await waitFor(() => expect(check.pending()).toBe(1));
    await act(async () => check.settleAll());
    await screen.findByText('Name is required');
    await waitFor(() => expect(save).toBeEnabled());
    expect(sent).toEqual([]);
  });
});

/** Adding or editing a FAQ question (admin): question and answer, server errors under the fields. */
import { type HttpError, useCreate, useUpdate } from '@refinedev/core';
import type { FaqQuestion, FaqQuestionInput } from '@shared/entities/faq';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSafeSubmit } from '@/components/useSafeSubmit';

interface QuestionFormModalProps {
  categoryId: number;
  /** The question being edited; a new one without. */
  question?: FaqQuestion;
  onClose(): void;
  onSaved(): void;
}

export function QuestionFormModal({ categoryId, question, onClose, onSaved }: QuestionFormModalProps) {
  const { t } = useTranslation('faq');
  const [form] = Form.useForm<FaqQuestionInput>();
  const create = useCreate<FaqQuestion, HttpError>();
  const update = useUpdate<FaqQuestion, HttpError>();
  const save = async (values: FaqQuestionInput) => {
    try {
      if (question) {
        await update.mutateAsync({
          resource: 'admin/questions',
          id: question.id,
          values,
          successNotification: () => ({ message: t('questions.updated'), type: 'success' }),
          errorNotification: false,
        });
      } else {
        await create.mutateAsync({
          resource: 'admin/questions',
          values: { ...values, category_id: categoryId },
          successNotification: () => ({ message: t('questions.created'), type: 'success' }),
          errorNotification: false,
        });
      }
      onSaved();
    } catch (failure) {
      const errors = (failure as HttpError).errors ?? {};
      form.setFields(
        Object.entries(errors).map(([name, messages]) => ({
          name: name as keyof FaqQuestionInput,
          errors: Array.isArray(messages) ? messages.map(String) : [String(messages)],
        })),
      );
    }
  };

  const submit = useSafeSubmit(form.submit, save);

  return (
    <Modal
      open
      title={question ? t('questions.edit') : t('questions.add')}
      okText={t('questions.save')}
      cancelText={t('questions.cancel')}
      confirmLoading={submit.submitting}
      onOk={submit.press}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FaqQuestionInput>
        form={form}
        layout="vertical"
        initialValues={question ? { question: question.question, answer: question.answer } : undefined}
        onFinish={submit.finish}
        onFinishFailed={submit.failed}
      >
        <Form.Item
          name="question"
          label={t('questions.question')}
          rules={[{ required: true, whitespace: true, message: t('questions.required') }]}
        >
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item
          name="answer"
          label={t('questions.answer')}
          rules={[{ required: true, whitespace: true, message: t('questions.required') }]}
        >
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

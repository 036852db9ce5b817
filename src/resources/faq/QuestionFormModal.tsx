/**
 * Adding or editing a FAQ question (admin): question and answer, server errors under the fields (refine's form,
 * which writes `admin/questions` and places a 422's messages). Saved, the screen is told (`onSaved`) and shows it.
 */
import { useForm } from '@refinedev/antd';
import type { HttpError } from '@refinedev/core';
import type { FaqQuestion, FaqQuestionInput } from '@shared/entities/faq';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSafeSubmit } from '@/components/useSafeSubmit';

/** Where questions are written (spec 2 §7: under /admin; they are read with their category). */
export const QUESTION_WRITES = 'admin/questions';

/** A new question is written with its category. */
type QuestionWrite = FaqQuestionInput & Partial<Pick<FaqQuestion, 'category_id'>>;

interface QuestionFormModalProps {
  categoryId: number;
  /** The question being edited; a new one without. */
  question?: FaqQuestion;
  onClose(): void;
  onSaved(): void;
}

export function QuestionFormModal({ categoryId, question, onClose, onSaved }: QuestionFormModalProps) {
  const { t } = useTranslation('faq');
  const { form, formProps } = useForm<FaqQuestion, HttpError, QuestionWrite>({
    resource: QUESTION_WRITES,
    action: question ? 'edit' : 'create',
    id: question?.id,
    redirect: false,
    // The question comes with its category: nothing to read.
    queryOptions: { enabled: false },
    successNotification: false,
    errorNotification: false,
    onMutationSuccess: onSaved,
  });
  const submit = useSafeSubmit(form.submit, (values: QuestionWrite) =>
    formProps.onFinish?.(question ? values : { ...values, category_id: categoryId }),
  );
  const required = [{ required: true, whitespace: true, message: t('questions.required') }];

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
      <Form<QuestionWrite>
        form={form}
        layout="vertical"
        initialValues={question ? { question: question.question, answer: question.answer } : undefined}
        onFinish={submit.finish}
        onFinishFailed={submit.failed}
      >
        <Form.Item name="question" label={t('questions.question')} rules={required}>
          <Input maxLength={500} />
        </Form.Item>
        <Form.Item name="answer" label={t('questions.answer')} rules={required}>
          <Input.TextArea rows={5} maxLength={5000} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * /faq/{id} (spec 2 §FAQ): a category's questions with their answers, declared for the generic overview page (a
 * second screen of the category: `routes.extra` in faq.resource.tsx). Administrators add (the header's New
 * question), edit and delete questions, each saved or deleted question said in the page's banner; everyone else
 * reads.
 */
import DeleteOutlined from '@ant-design/icons-svg/es/asn/DeleteOutlined';
import EditOutlined from '@ant-design/icons-svg/es/asn/EditOutlined';
import PlusOutlined from '@ant-design/icons-svg/es/asn/PlusOutlined';
import { Glyph } from '@/ui/Glyph';
import { useDelete } from '@refinedev/core';
import type { FaqCategoryDetail, FaqQuestion } from '@shared/entities/faq';
import { Button, Collapse, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConfirmation } from '@/components/useConfirmation';
import { type ActionDialogProps, defineOverviewPage, type OverviewBodyProps } from '@/declarations/types';
import { QUESTION_WRITES, QuestionFormModal } from './QuestionFormModal';
import '@/components/page.css';
import './faq.css';

/** The questions as an accordion; an administrator's Edit and Delete under each answer. */
function Questions({
  record: category,
  context: { t, can, showBanner, reload },
}: OverviewBodyProps<FaqCategoryDetail>) {
  const [editing, setEditing] = useState<FaqQuestion | null>(null);
  const { ask, dialog } = useConfirmation();
  const { mutateAsync: remove } = useDelete();
  const admin = can('edit');

  const confirmDelete = (question: FaqQuestion) =>
    ask({
      text: t('questions.deleteConfirm'),
      confirmLabel: t('delete'),
      danger: true,
      run: async () => {
        try {
          await remove({
            resource: QUESTION_WRITES,
            id: question.id,
            successNotification: false,
            errorNotification: false,
          });
          showBanner({ type: 'success', text: t('questions.deleted') });
        } catch (error) {
          showBanner({ type: 'error', text: (error as Error).message });
        }
        await reload();
      },
    });

  return (
    <div className="show-page__card">
      {category.questions.length === 0 ? (
        <Empty description={t('questions.empty')} />
      ) : (
        <Collapse
          className="faq-questions"
          items={category.questions.map((question) => ({
            key: question.id,
            label: question.question,
            children: (
              <>
                <p className="faq-question__answer">{question.answer}</p>
                {admin && (
                  <div className="faq-question__actions">
                    <Button
                      icon={<Glyph icon={EditOutlined} />}
                      onClick={() => setEditing(question)}
                      aria-label={t('questions.editNamed', { question: question.question })}
                    >
                      {t('edit')}
                    </Button>
                    <Button
                      danger
                      icon={<Glyph icon={DeleteOutlined} />}
                      onClick={() => confirmDelete(question)}
                      aria-label={t('questions.deleteNamed', { question: question.question })}
                    >
                      {t('delete')}
                    </Button>
                  </div>
                )}
              </>
            ),
          }))}
        />
      )}
      {editing && (
        <QuestionFormModal
          categoryId={category.id}
          question={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            showBanner({ type: 'success', text: t('questions.updated') });
            void reload();
          }}
        />
      )}
      {dialog}
    </div>
  );
}

/** The header's New question: the form for a question of this category. */
function NewQuestion({ record: category, close, done }: ActionDialogProps<FaqCategoryDetail>) {
  const { t } = useTranslation('faq');
  if (!category) return null;
  return (
    <QuestionFormModal
      categoryId={category.id}
      onClose={close}
      onSaved={() => done({ type: 'success', text: t('questions.created') })}
    />
  );
}

export default defineOverviewPage<FaqCategoryDetail>({
  titleId: 'faq-category-title',
  className: 'faq-category',
  backKey: 'back',
  actions: [
    { kind: 'back', labelKey: 'back', to: () => '/faq' },
    {
      kind: 'dialog',
      key: 'add',
      labelKey: 'questions.add',
      icon: <Glyph icon={PlusOutlined} />,
      needs: 'edit',
      dialog: NewQuestion,
    },
  ],
  body: Questions,
});

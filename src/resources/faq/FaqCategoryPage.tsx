/**
 * /faq/{id} (spec 2 §FAQ): a category's questions with their answers. Administrators add, edit and delete
 * questions; everyone else reads.
 */
import { ArrowLeftOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type HttpError, useDelete, useShow } from '@refinedev/core';
import type { FaqCategoryDetail, FaqQuestion } from '@shared/entities/faq';
import { Button, Collapse, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { useConfirmation } from '@/components/useConfirmation';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import type { ResourcePageProps } from '@/declarations/types';
import { QuestionFormModal } from './QuestionFormModal';
import '@/components/page.css';
import './faq.css';

type Editing = { question?: FaqQuestion } | null;

export default function FaqCategoryPage({ resource }: ResourcePageProps) {
  const { t } = useTranslation('faq');
  const id = useParams()[resource.idParam];
  const navigate = useNavigate();
  const { can } = useResourcePermissions(resource);
  const admin = can('edit');
  const { query, result: category } = useShow<FaqCategoryDetail, HttpError>({ resource: resource.name, id });
  const [editing, setEditing] = useState<Editing>(null);
  const { ask, dialog } = useConfirmation();
  const { mutateAsync: remove } = useDelete();

  const back = { to: '/faq', label: t('back') };
  if (query.error) return <LoadFailure error={query.error} back={back} />;

  const confirmDelete = (question: FaqQuestion) =>
    ask({
      text: t('questions.deleteConfirm'),
      confirmLabel: t('delete'),
      danger: true,
      run: async () => {
        await remove({
          resource: 'admin/questions',
          id: question.id,
          successNotification: () => ({ message: t('questions.deleted'), type: 'success' }),
        }).catch(() => undefined);
        await query.refetch();
      },
    });

  return (
    <section className="show-page">
      <PageHeader
        title={category?.name ?? t('titles.category')}
        actions={[
          {
            key: 'back',
            part: 'back',
            node: (
              <Button icon={<ArrowLeftOutlined aria-hidden />} onClick={() => navigate('/faq')}>
                {t('back')}
              </Button>
            ),
          },
          admin &&
            category && {
              key: 'add',
              part: 'primary',
              node: (
                <Button type="primary" icon={<PlusOutlined aria-hidden />} onClick={() => setEditing({})}>
                  {t('questions.add')}
                </Button>
              ),
            },
        ]}
      />
      <div className="show-page__card">
        {query.isLoading || !category ? (
          <Skeleton active />
        ) : category.questions.length === 0 ? (
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
                        icon={<EditOutlined aria-hidden />}
                        onClick={() => setEditing({ question })}
                        aria-label={t('questions.editNamed', { question: question.question })}
                      >
                        {t('edit')}
                      </Button>
                      <Button
                        danger
                        icon={<DeleteOutlined aria-hidden />}
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
      </div>
      {editing && category && (
        <QuestionFormModal
          categoryId={category.id}
          question={editing.question}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void query.refetch();
          }}
        />
      )}
      {dialog}
    </section>
  );
}

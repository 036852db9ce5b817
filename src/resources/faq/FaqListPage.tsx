/**
 * /faq (spec 2 §FAQ, §4, §8): the categories table; a row opens the category's questions. Administrators get
 * New FAQ and a row menu whose Edit turns the name into an input, saved on blur or Enter ('Category updated
 * successfully'), and Delete after the category's confirmation ('Category deleted successfully'). Everyone else
 * reads. Replaces the generic list page because of the inline rename.
 */
import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { type HttpError, useDelete, useUpdate } from '@refinedev/core';
import type { FaqCategory } from '@shared/entities/faq';
import { Button, Dropdown, Form, Input, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LoadFailure } from '@/components/LoadFailure';
import { PageHeader } from '@/components/PageHeader';
import { useResourcePermissions } from '@/components/useResourcePermissions';
import { useConfirmation } from '@/components/useConfirmation';
import { formatDate } from '@/lib/intl-formats';
import type { ResourcePageProps } from '@/resources/types';
import '@/components/page.css';
import './faq.css';

const WRITES = 'admin/questions/categories';

/** The name as an input: Enter or leaving it saves (when changed), Escape cancels. */
function RenameInput({ category, onDone }: { category: FaqCategory; onDone: () => void }) {
  const { t } = useTranslation('faq');
  const [name, setName] = useState(category.name);
  const [error, setError] = useState<string>();
  const { mutateAsync, mutation } = useUpdate<FaqCategory, HttpError, { name: string }>();
  const save = async () => {
    if (mutation.isPending) return;
    const trimmed = name.trim();
    if (trimmed === category.name) return onDone();
    if (!trimmed) return setError(t('nameRequired'));
    try {
      await mutateAsync({
        resource: WRITES,
        id: category.id,
        values: { name: trimmed },
        successNotification: () => ({ message: t('updated'), type: 'success' }),
        errorNotification: false,
        invalidates: ['list', 'detail'],
      });
      onDone();
    } catch (failure) {
      const http = failure as HttpError;
      const fieldError = http.errors?.name;
      setError(
        (Array.isArray(fieldError)
          ? fieldError[0]
          : typeof fieldError === 'string'
            ? fieldError
            : undefined) ?? http.message,
      );
    }
  };
  return (
    <Form.Item
      className="faq-page__rename"
      validateStatus={error ? 'error' : undefined}
      help={error}
      style={{ margin: 0 }}
    >
      <Input
        autoFocus
        aria-label={t('rename', { name: category.name })}
        value={name}
        maxLength={255}
        disabled={mutation.isPending}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => {
          setName(event.target.value);
          setError(undefined);
        }}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Escape') onDone();
        }}
        onPressEnter={() => void save()}
        onBlur={() => void save()}
      />
    </Form.Item>
  );
}

export default function FaqListPage({ resource }: ResourcePageProps) {
  const { t, i18n } = useTranslation('faq');
  const navigate = useNavigate();
  const { can } = useResourcePermissions(resource);
  const admin = can('edit');
  const [editing, setEditing] = useState<number | null>(null);
  const { ask, dialog } = useConfirmation();
  const { mutateAsync: remove } = useDelete<FaqCategory>();
  const { tableProps, tableQuery, setFilters } = useTable<FaqCategory, HttpError>({
    resource: resource.name,
    pagination: { pageSize: resource.list?.pageSize ?? 5 },
    sorters: { initial: [{ field: 'updated_at', order: 'desc' }] },
    syncWithLocation: true,
  });

  if (tableQuery.error) return <LoadFailure error={tableQuery.error} />;

  const confirmDelete = (category: FaqCategory) =>
    ask({
      text: t('deleteConfirm'),
      confirmLabel: t('delete'),
      danger: true,
      run: async () => {
        await remove({
          resource: WRITES,
          id: category.id,
          successNotification: () => ({ message: t('deleted'), type: 'success' }),
          invalidates: ['list'],
        }).catch(() => undefined);
        await tableQuery.refetch();
      },
    });

  const columns: TableColumnsType<FaqCategory> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('columns.name'),
      sorter: true,
      render: (_, category) =>
        editing === category.id ? (
          <RenameInput category={category} onDone={() => setEditing(null)} />
        ) : (
          <Link to={`/faq/${category.id}`} onClick={(event) => event.stopPropagation()}>
            {category.name}
          </Link>
        ),
    },
    { key: 'questions_count', dataIndex: 'questions_count', title: t('columns.questions'), width: 120 },
    {
      key: 'updated_at',
      dataIndex: 'updated_at',
      title: t('columns.updated'),
      sorter: true,
      defaultSortOrder: 'descend',
      responsive: ['sm'],
      render: (value: string) => formatDate(value, i18n.resolvedLanguage),
    },
  ];
  if (admin) {
    columns.push({
      key: 'actions',
      title: <span className="ui-visually-hidden">{t('columns.actions')}</span>,
      width: 56,
      render: (_, category) => (
        <span onClick={(event) => event.stopPropagation()}>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'edit', label: t('edit'), icon: <EditOutlined aria-hidden /> },
                { key: 'delete', label: t('delete'), icon: <DeleteOutlined aria-hidden />, danger: true },
              ],
              onClick: ({ key, domEvent }) => {
                domEvent.stopPropagation();
                if (key === 'edit') setEditing(category.id);
                else confirmDelete(category);
              },
            }}
          >
            <Button
              type="text"
              icon={<MoreOutlined aria-hidden />}
              aria-label={t('rowMenu', { name: category.name })}
            />
          </Dropdown>
        </span>
      ),
    });
  }

  return (
    <section className="list-page">
      <PageHeader
        title={t('title')}
        extra={
          admin && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => navigate('/faq/create')}
            >
              {t('create')}
            </Button>
          )
        }
      />
      <Input.Search
        className="faq-page__search"
        allowClear
        placeholder={t('search')}
        aria-label={t('search')}
        onSearch={(value) =>
          setFilters([{ field: 'search', operator: 'eq', value: value.trim() || undefined }], 'replace')
        }
      />
      <Table<FaqCategory>
        {...tableProps}
        className="faq-page__table"
        rowKey="id"
        columns={columns}
        locale={{ emptyText: t('empty') }}
        onRow={(category) => ({
          onClick: () => {
            if (editing !== category.id) navigate(`/faq/${category.id}`);
          },
        })}
      />
      {dialog}
    </section>
  );
}

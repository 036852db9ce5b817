/**
 * The Share dialog of a model's, library item's or material's overview (issue 46; its header action, share-action.tsx): a new read-only link
 * for people without an account (`POST /{collection}/{id}/share-links`) with an optional expiry, an optional
 * password, whether the original file may be downloaded and whether it stays on the current version; and the record's links (`GET /share-links`,
 * `filter[model]` or `filter[item]`), each with its address to copy, the embed snippet (an `<iframe>` of the page's `?embed=1`),
 * how often and when last it was opened, and Revoke (`DELETE /share-links/{id}`), which stops it at once.
 */
import { type BaseRecord, type HttpError, useCreate, useDelete, useList } from '@refinedev/core';
import type { ShareLink, ShareLinkInput } from '@shared/entities/share-links';
import {
  SHARE_PASSWORD_MIN_LENGTH,
  SHARED_RECORDS,
  type SharedRecordType,
} from '@shared/entities/share-link-values';
import {
  Alert,
  Button,
  DatePicker,
  Divider,
  Empty,
  Form,
  Input,
  List,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimePickerFormats, formatDate } from '@/lib/intl-formats';
import type { ActionDialogProps } from '@/declarations/types';
import { fieldErrorsOf } from '../field-errors';

interface ShareFormValues {
  expires_at?: Dayjs | null;
  password?: string;
  allow_download?: boolean;
  pin_version?: boolean;
}

/** The embed snippet of a link's page. */
export const embedSnippet = (link: Pick<ShareLink, 'url' | 'record_name'>) =>
  `<iframe src="${link.url}?embed=1" title="${link.record_name.replace(/"/g, '&quot;')}" width="800" height="600" style="border:0" allow="fullscreen"></iframe>`;

function LinkItem({ link, onRevoked }: { link: ShareLink; onRevoked(): void }) {
  const { t, i18n } = useTranslation('common');
  const { mutateAsync: revoke, mutation } = useDelete();
  const language = i18n.resolvedLanguage;
  return (
    <List.Item
      actions={[
        <Popconfirm
          key="revoke"
          title={t('share.revokeConfirm')}
          okText={t('share.revoke')}
          cancelText={t('buttons.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={async () => {
            await revoke({ resource: 'share-links', id: link.id, successNotification: false });
            onRevoked();
          }}
        >
          <Button danger loading={mutation.isPending}>
            {t('share.revoke')}
          </Button>
        </Popconfirm>,
      ]}
    >
      <Space direction="vertical" size={4} style={{ minWidth: 0, width: '100%' }}>
        <Typography.Text copyable={{ text: link.url, tooltips: [t('share.copy'), t('share.copied')] }} code>
          {link.url}
        </Typography.Text>
        <Space size={0} split={<Divider type="vertical" />} wrap>
          <Typography.Text type="secondary">
            {link.last_opened_at
              ? t('share.opened', {
                  count: link.views,
                  date: formatDate(link.last_opened_at, language, true),
                })
              : t('share.neverOpened')}
          </Typography.Text>
          <Typography.Text type="secondary">
            {link.expires_at
              ? t('share.expires', { date: formatDate(link.expires_at, language, true) })
              : t('share.noExpiry')}
          </Typography.Text>
        </Space>
        <Space size={4} wrap>
          {link.has_password && <Tag>{t('share.withPassword')}</Tag>}
          {link.allow_download && <Tag>{t('share.downloadAllowed')}</Tag>}
          {SHARED_RECORDS[link.record_type].processed && (
            <Tag>
              {link.version === null
                ? t('share.latestVersion')
                : t('share.pinnedVersion', { number: link.version })}
            </Tag>
          )}
          <Typography.Text
            copyable={{ text: embedSnippet(link), tooltips: [t('share.copyEmbed'), t('share.copied')] }}
          >
            {t('share.embed')}
          </Typography.Text>
        </Space>
      </Space>
    </List.Item>
  );
}

export default function ShareDialog({
  record,
  close,
  type,
}: ActionDialogProps<BaseRecord> & { type: SharedRecordType }) {
  const { t, i18n } = useTranslation('common');
  const [form] = Form.useForm<ShareFormValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const id = record?.id;
  const name = String(record?.name ?? '');
  // The version a new link may be pinned to (issue 45's versions): the record's current one.
  const currentVersion: unknown = record?.version;
  const links = useList<ShareLink>({
    resource: 'share-links',
    // The links to this record: `filter[model]` or `filter[item]`.
    filters: [{ field: type, operator: 'eq', value: id }],
    sorters: [{ field: 'created_at', order: 'desc' }],
    pagination: { currentPage: 1, pageSize: 50 },
    queryOptions: { enabled: id !== undefined },
  });
  const { mutateAsync: create, mutation } = useCreate<ShareLink, HttpError, ShareLinkInput>();
  const { format, time } = dateTimePickerFormats(i18n.resolvedLanguage);

  const submit = async (values: ShareFormValues) => {
    setFailure(null);
    try {
      await create({
        resource: `${SHARED_RECORDS[type].collection}/${encodeURIComponent(String(SHARED_RECORDS[type].key === 'id' ? id : name))}/share-links`,
        values: {
          expires_at: values.expires_at ? values.expires_at.toISOString() : null,
          password: values.password || null,
          allow_download: !!values.allow_download,
          pin_version: !!values.pin_version,
        },
        successNotification: false,
        errorNotification: false,
      });
      form.resetFields();
      await links.query.refetch();
    } catch (error) {
      const placed = fieldErrorsOf<keyof ShareFormValues>(error);
      if (placed.length) form.setFields(placed);
      else setFailure((error as HttpError).message || t('share.failed'));
    }
  };

  const shown = links.result?.data ?? [];
  return (
    <Modal open title={t('share.title', { name })} onCancel={close} footer={null} width={640} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('share.intro', { context: type })}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => void submit(values)} requiredMark={false}>
        <Form.Item name="expires_at" label={t('share.expiry')} extra={t('share.expiryHelp')}>
          <DatePicker
            showTime={{ format: time }}
            format={format}
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('share.password')}
          extra={t('share.passwordHelp')}
          rules={[
            {
              min: SHARE_PASSWORD_MIN_LENGTH,
              message: t('share.passwordTooShort', { min: SHARE_PASSWORD_MIN_LENGTH }),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {/* A material has no file to download. */}
        {SHARED_RECORDS[type].processed && (
          <Form.Item name="allow_download" label={t('share.allowDownload')} valuePropName="checked">
            <Switch />
          </Form.Item>
        )}
        {typeof currentVersion === 'number' && (
          <Form.Item
            name="pin_version"
            label={t('share.pinVersion', { number: currentVersion })}
            extra={t('share.pinVersionHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        )}
        {failure && <Alert type="error" showIcon message={failure} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" loading={mutation.isPending}>
          {t('share.create')}
        </Button>
      </Form>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('share.links', { context: type })}
      </Typography.Title>
      {shown.length ? (
        <List
          dataSource={shown}
          rowKey="id"
          renderItem={(link) => <LinkItem link={link} onRevoked={() => void links.query.refetch()} />}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.none')} />
      )}
    </Modal>
  );
}

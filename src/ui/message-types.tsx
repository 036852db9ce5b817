/** The four kinds of message (alerts, notices) and the icon of each, in antd's look. */
import CheckCircleFilled from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import ExclamationCircleFilled from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons-svg/es/asn/InfoCircleFilled';
import { Glyph } from './Glyph';
import type { ReactNode } from 'react';

export type MessageType = 'success' | 'info' | 'warning' | 'error';

export const MESSAGE_ICONS: Record<MessageType, ReactNode> = {
  success: <Glyph icon={CheckCircleFilled} />,
  info: <Glyph icon={InfoCircleFilled} />,
  warning: <Glyph icon={ExclamationCircleFilled} />,
  error: <Glyph icon={CloseCircleFilled} />,
};

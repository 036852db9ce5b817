/** The four kinds of message (alerts, notices) and the icon of each, in antd's look. */
import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export type MessageType = 'success' | 'info' | 'warning' | 'error';

export const MESSAGE_ICONS: Record<MessageType, ReactNode> = {
  success: <CheckCircleFilled aria-hidden />,
  info: <InfoCircleFilled aria-hidden />,
  warning: <ExclamationCircleFilled aria-hidden />,
  error: <CloseCircleFilled aria-hidden />,
};

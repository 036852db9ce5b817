/**
 * What a screen shows when its record could not be loaded: the Forbidden (403) page, or not found (404) and other
 * failures with the API's message and a way back.
 */
import type { HttpError } from '@refinedev/core';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { ForbiddenPage } from './ForbiddenPage';

export function LoadFailure({ error, back }: { error: HttpError; back?: { to: string; label: string } }) {
  const navigate = useNavigate();
  if (error.statusCode === 403) return <ForbiddenPage />;
  return (
    <Result
      status={error.statusCode === 404 ? '404' : 'error'}
      title={error.message}
      extra={back && <Button onClick={() => navigate(back.to)}>{back.label}</Button>}
    />
  );
}

/**
 * The pictures the forms take are declared once for both sides (shared/image-rules.ts): the portal's image control
 * names a rule's types (with their other names: .jpg for JPEG) and refuses a picture of another type, as the server
 * does.
 */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { IMAGE_RULES } from '@shared/image-rules';
import { ImageFileInput } from '@/components/upload/ImageFileInput';
import { portalI18n } from './support/portal-app';

afterEach(cleanup);

function renderControl(rule: (typeof IMAGE_RULES)[keyof typeof IMAGE_RULES]) {
  const changes: Array<File | null> = [];
  const { container } = render(
    <I18nextProvider i18n={portalI18n('en')}>
      <ImageFileInput id="picture" onChange={(next) => changes.push(next)} rule={rule} alt="Picture" />
    </I18nextProvider>,
  );
  const input = () => container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { changes, input };
}

describe('an image field takes what its rule takes', () => {
  it('a logo: JPEG, PNG or BMP, by type or by the name’s extension', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { changes, input } = renderControl(IMAGE_RULES.logo);
    expect(screen.getByText('Accepted types: .jpg, .jpeg, .png, .bmp')).toBeInTheDocument();
    await user.upload(input(), new File(['x'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is of invalid type');
    await user.upload(input(), new File(['x'], 'logo.JPG', { type: '' }));
    await waitFor(() => expect(changes).toHaveLength(1));
  });

  it('a background: JPEG or BMP only', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { changes, input } = renderControl(IMAGE_RULES.background);
    expect(screen.getByText('Accepted types: .jpg, .jpeg, .bmp')).toBeInTheDocument();
    await user.upload(input(), new File(['x'], 'backdrop.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('File is of invalid type');
    const backdrop = new File(['bmp'], 'backdrop.bmp', { type: 'image/bmp' });
    await user.upload(input(), backdrop);
    await waitFor(() => expect(changes).toEqual([backdrop]));
  });
});

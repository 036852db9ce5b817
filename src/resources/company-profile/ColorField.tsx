/**
 * A colour field of the company profile (spec 2 §5, §9): a picker (200 px) and the hex text; typed text keeps
 * hex digits only, at most 6 (8 with alpha). While the company uses the default colours it shows 'default',
 * disabled.
 */
import { ColorPicker, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { cleanHexInput } from '@/lib/colors';

interface ColorFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  allowAlpha: boolean;
  isDefault: boolean;
  disabled?: boolean;
  'aria-describedby'?: string;
}

export function ColorField({
  id,
  value,
  onChange,
  allowAlpha,
  isDefault,
  disabled,
  ...aria
}: ColorFieldProps) {
  const { t } = useTranslation('account');
  if (isDefault)
    return (
      <Input id={id} value={t('company.default')} disabled aria-describedby={aria['aria-describedby']} />
    );
  return (
    <Space.Compact className="company-color">
      <ColorPicker
        value={value || undefined}
        disabled={disabled}
        disabledAlpha={!allowAlpha}
        format="hex"
        styles={{ popupOverlayInner: { width: 200 + 24 } }}
        onChange={(color) => onChange?.(cleanHexInput(color.toHexString(), allowAlpha))}
      >
        {/* A button as the trigger: antd's own trigger is a div that gets aria attributes only a control may have. */}
        <button
          type="button"
          className="company-color__trigger"
          disabled={disabled}
          aria-label={t('company.pickColor')}
        >
          <span style={{ background: value || 'transparent' }} />
        </button>
      </ColorPicker>
      <Input
        id={id}
        value={value}
        disabled={disabled}
        placeholder={allowAlpha ? t('company.hexAlphaPlaceholder') : t('company.hexPlaceholder')}
        aria-describedby={aria['aria-describedby']}
        onChange={(event) => onChange?.(cleanHexInput(event.target.value, allowAlpha))}
      />
    </Space.Compact>
  );
}

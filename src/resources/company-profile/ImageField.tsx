/** An image of the company profile (logo, background): the stored one, and a file of the accepted types to replace it. */
import { UploadOutlined } from '@ant-design/icons';
import { Button, Image, Upload } from 'antd';
import { useTranslation } from 'react-i18next';

interface ImageFieldProps {
  id?: string;
  value?: File | null;
  onChange?: (file: File | null) => void;
  current: string | null;
  accept: string[];
  alt: string;
  disabled?: boolean;
}

export function ImageField({ id, value, onChange, current, accept, alt, disabled }: ImageFieldProps) {
  const { t } = useTranslation('account');
  return (
    <div className="company-image">
      {current ? (
        <Image src={current} alt={alt} height={96} className="company-image__preview" />
      ) : (
        <span className="company-image__none">{t('company.noImage')}</span>
      )}
      <Upload
        accept={accept.join(',')}
        maxCount={1}
        showUploadList={false}
        disabled={disabled}
        beforeUpload={(file) => {
          onChange?.(file);
          return false;
        }}
      >
        <Button id={id} icon={<UploadOutlined aria-hidden />} disabled={disabled}>
          {value ? value.name : t('company.chooseFile')}
        </Button>
      </Upload>
    </div>
  );
}

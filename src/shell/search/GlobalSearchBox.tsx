/**
 * The search box in the top bar: Enter goes to /global-search?search={term} (spec 1 §2.6); an empty term is
 * refused with the validation text of spec 1 §5. On a phone it folds into a button that opens the field.
 */
import { SearchOutlined } from '@ant-design/icons';
import { App, Button, Grid, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_PATH, searchPath } from './search-path';
import './search.css';

function SearchInput({
  initial,
  onSearched,
  autoFocus,
}: {
  initial: string;
  onSearched?(): void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation('search');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);

  const search = (text: string) => {
    const term = text.trim();
    if (!term) {
      void message.warning(t('validation.emptyTerm'));
      return;
    }
    void navigate(searchPath(term));
    onSearched?.();
  };

  return (
    <form
      role="search"
      className="global-search-form"
      onSubmit={(event) => {
        event.preventDefault();
        search(value);
      }}
    >
      <Input
        className="global-search-box"
        type="search"
        prefix={<SearchOutlined aria-hidden />}
        aria-label={t('box.label')}
        placeholder={t('box.placeholder')}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        autoFocus={autoFocus}
      />
    </form>
  );
}

export function GlobalSearchBox() {
  const { t } = useTranslation('search');
  const location = useLocation();
  const [params] = useSearchParams();
  const screens = Grid.useBreakpoint();
  const [open, setOpen] = useState(false);
  const current = location.pathname === SEARCH_PATH ? (params.get('search') ?? '') : '';

  if (screens.sm === false) {
    return (
      <>
        <Button
          type="text"
          shape="circle"
          size="large"
          icon={<SearchOutlined />}
          aria-label={t('box.open')}
          onClick={() => setOpen(true)}
        />
        <Modal
          open={open}
          onCancel={() => setOpen(false)}
          footer={null}
          title={t('box.label')}
          destroyOnHidden
          className="global-search-modal"
        >
          <SearchInput key={current} initial={current} onSearched={() => setOpen(false)} autoFocus />
        </Modal>
      </>
    );
  }
  // Keyed by the current term, so the box shows the term of the results page it leads to.
  return <SearchInput key={current} initial={current} />;
}

/**
 * The search box in the top bar: Enter goes to /global-search?search={term} (spec 1 §2.6); an empty term is
 * refused with the validation text of spec 1 §5. On a phone it folds into a button that opens the field in a
 * dialog.
 */
import SearchOutlined from '@ant-design/icons-svg/es/asn/SearchOutlined';
import { Glyph } from '@/ui/Glyph';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/ui/Button';
import { Dialog } from '@/ui/Dialog';
import { toast } from '@/ui/toast';
import { useMediaQuery } from '@/ui/useMediaQuery';
import { SEARCH_PATH, searchPath } from './search-path';
import './search.css';

/** antd's `sm` breakpoint: narrower than this the box folds into a button. */
const BOX_QUERY = '(min-width: 576px)';

function SearchInput({ initial, onSearched }: { initial: string; onSearched?(): void }) {
  const { t } = useTranslation('search');
  const navigate = useNavigate();
  const [value, setValue] = useState(initial);

  const search = (text: string) => {
    const term = text.trim();
    if (!term) {
      toast.warning(t('validation.emptyTerm'));
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
      <span className="global-search-box">
        <Glyph icon={SearchOutlined} className="global-search-box__prefix" />
        <input
          type="search"
          className="global-search-box__input"
          aria-label={t('box.label')}
          placeholder={t('box.placeholder')}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
      </span>
    </form>
  );
}

export function GlobalSearchBox() {
  const { t } = useTranslation('search');
  const location = useLocation();
  const [params] = useSearchParams();
  const wide = useMediaQuery(BOX_QUERY);
  const [open, setOpen] = useState(false);
  const current = location.pathname === SEARCH_PATH ? (params.get('search') ?? '') : '';

  if (!wide) {
    return (
      <>
        <Button
          variant="text"
          shape="circle"
          size="large"
          icon={<Glyph icon={SearchOutlined} />}
          aria-label={t('box.open')}
          onClick={() => setOpen(true)}
        />
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={t('box.label')}
          className="global-search-dialog"
        >
          <SearchInput key={current} initial={current} onSearched={() => setOpen(false)} />
        </Dialog>
      </>
    );
  }
  // Keyed by the current term, so the box shows the term of the results page it leads to.
  return <SearchInput key={current} initial={current} />;
}

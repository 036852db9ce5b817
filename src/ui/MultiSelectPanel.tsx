/**
 * A `MultiSelect` (MultiSelect.tsx) on @floating-ui/react: the button and its panel of checkboxes, with the list
 * navigation, dismissal and the focus. Part of the floating machinery, loaded apart (floating-machinery-loader.ts).
 */
import './form-controls.css';
import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import { Glyph } from './Glyph';
import {
  FloatingFocusManager,
  FloatingNode,
  useClick,
  useDismiss,
  useInteractions,
  useListNavigation,
} from '@floating-ui/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { SELECT_MENU } from '@/lib/interface-constants';
import { classNames } from './class-names';
import { InFloatingTree, useAnchoredFloating } from './floating';
import type { MultiSelectProps } from './multi-select-props';

export function MultiSelectPanel<Value extends string>(props: MultiSelectProps<Value>) {
  return (
    <InFloatingTree>
      <FloatingMultiSelect {...props} />
    </InFloatingTree>
  );
}

function FloatingMultiSelect<Value extends string>({
  id,
  labelId,
  value,
  options,
  onChange,
  placeholder,
  emptyText,
  className,
}: MultiSelectProps<Value>) {
  const [open, setOpen] = useState(false);
  const { setReference, setFloating, floatingStyles, context, nodeId } = useAnchoredFloating({
    open,
    onOpenChange: setOpen,
    placement: 'bottom-start',
    minWidthOfTrigger: true,
  });
  const ownId = useId();
  const buttonId = id ?? `${ownId}-button`;
  const valueId = `${ownId}-value`;
  const panelId = `${ownId}-panel`;
  const checkboxes = useRef<(HTMLElement | null)[]>([]);
  const [activeIndex, setActiveIndex] = useState<number | null>(null);
  const { getReferenceProps, getFloatingProps, getItemProps } = useInteractions([
    useClick(context),
    useDismiss(context),
    useListNavigation(context, {
      listRef: checkboxes,
      activeIndex,
      onNavigate: setActiveIndex,
      loop: true,
    }),
  ]);

  // What is ticked shows at once, even when the owner applies the change later (a URL update in a transition).
  const [ticked, setTicked] = useState<readonly Value[]>(value);
  const [given, setGiven] = useState<readonly Value[]>(value);
  if (given.join('\n') !== value.join('\n')) {
    setGiven(value);
    setTicked(value);
  }

  /** Spec 2 §9's page jump: PageDown and PageUp move 5 choices (to the last or first at the ends). */
  const jump = (event: KeyboardEvent<HTMLElement>) => {
    const step = { PageDown: SELECT_MENU.pageJump, PageUp: -SELECT_MENU.pageJump }[event.key];
    if (step === undefined || !options.length) return;
    event.preventDefault();
    const next = Math.min(Math.max((activeIndex ?? 0) + step, 0), options.length - 1);
    setActiveIndex(next);
    checkboxes.current[next]?.focus();
  };

  const chosen = options.filter((option) => ticked.includes(option.value));
  const toggle = (option: Value, checked: boolean) => {
    const next = checked
      ? options
          .filter((item) => item.value === option || ticked.includes(item.value))
          .map((item) => item.value)
      : ticked.filter((item) => item !== option);
    setTicked(next);
    onChange(next);
  };

  return (
    <span className={classNames('ui-multiselect', className)}>
      <button
        ref={setReference}
        {...getReferenceProps()}
        id={buttonId}
        type="button"
        className={classNames('ui-multiselect__trigger', open && 'is-open')}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
      >
        <span
          id={valueId}
          className={classNames(
            'ui-multiselect__value',
            !chosen.length && 'ui-multiselect__value--placeholder',
          )}
        >
          {chosen.length ? chosen.map((option) => option.label).join(', ') : placeholder}
        </span>
        <Glyph icon={DownOutlined} className="ui-multiselect__arrow" />
      </button>
      {open && (
        <FloatingNode id={nodeId}>
          {/* The focus stays on the button when a press opens it (the arrow keys move it in). */}
          <FloatingFocusManager context={context} modal={false} initialFocus={-1}>
            <div
              ref={setFloating}
              {...getFloatingProps()}
              onKeyDownCapture={jump}
              // A group of checkboxes has no orientation (the list navigation's attribute is for lists).
              aria-orientation={undefined}
              id={panelId}
              role="group"
              aria-labelledby={labelId}
              className="ui-multiselect__panel"
              style={floatingStyles}
            >
              {options.length === 0 ? (
                <p className="ui-multiselect__empty">{emptyText}</p>
              ) : (
                options.map((option, index) => (
                  <label key={option.value} className="ui-multiselect__option">
                    <input
                      ref={(element) => {
                        checkboxes.current[index] = element;
                      }}
                      {...getItemProps()}
                      type="checkbox"
                      checked={ticked.includes(option.value)}
                      onChange={(event) => toggle(option.value, event.target.checked)}
                    />
                    {option.color && (
                      <span
                        className="ui-multiselect__dot"
                        style={{ background: option.color }}
                        aria-hidden
                      />
                    )}
                    <span className="ui-multiselect__label">{option.label}</span>
                  </label>
                ))
              )}
            </div>
          </FloatingFocusManager>
        </FloatingNode>
      )}
    </span>
  );
}
